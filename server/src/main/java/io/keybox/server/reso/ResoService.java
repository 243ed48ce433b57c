package io.keybox.server.reso;

import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.error.NotSupportedException;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.olingo.commons.api.format.ContentType;
import org.apache.olingo.server.api.OData;
import org.apache.olingo.server.api.ODataLibraryException;
import org.apache.olingo.server.api.ServiceMetadata;
import org.apache.olingo.server.api.uri.UriInfo;
import org.apache.olingo.server.api.uri.UriInfoKind;
import org.apache.olingo.server.core.uri.parser.Parser;
import org.apache.olingo.server.core.uri.parser.UriParserSemanticException;

/**
 * The RESO Web API of every vendor: {@code $metadata}, the service document and reads of the
 * resources, each read on ONE leased snapshot of the vendor's index. Thread-safe; one per server.
 *
 * <pre>{@code
 * ResoService reso = new ResoService(indexes, 10_000);
 * ResoReply reply = reso.answer(new ResoRequest("fixture", "https://host/reso/fixture",
 *     "Property", "$filter=ListPrice%20gt%20200000&$top=20", OptionalInt.empty(),
 *     PhotoUrls.of("https://host", "fixture", 1600), false, ODataVersions.DEFAULT), body);
 * }</pre>
 *
 * <p>The request URL is parsed by Olingo's {@link Parser} over the {@code Edm} of {@link
 * ResoEdmProvider}, from the raw query string (Olingo decodes it, so a {@code +} or {@code %26}
 * inside a literal stays what the client meant).
 */
public final class ResoService {
  /** OData's version header value on every answer. */
  public static final String ODATA_VERSION = "4.0";

  /** The {@code odata.maxpagesize} bounds: the default page and the largest one. */
  static final int DEFAULT_PAGE_SIZE = 100;

  static final int MAX_PAGE_SIZE = 1_000;

  /** The content type of the JSON answers. */
  static final String JSON_TYPE = "application/json; odata.metadata=minimal; charset=utf-8";

  /** A geography literal, and one without the SRID OData's ABNF requires. */
  private static final Pattern GEOGRAPHY = Pattern.compile("(?i)geography'");

  private static final Pattern WITHOUT_SRID = Pattern.compile("(?i)geography'(?!\\s*SRID=)");

  private final VendorIndexes indexes;
  private final OData odata = OData.newInstance();
  private final ServiceMetadata metadata =
      odata.createServiceMetadata(new ResoEdmProvider(), List.of());
  private final byte[] metadataXml = metadataXml();
  private final ResoReader reader;

  public ResoService(VendorIndexes indexes, int maxSkip) {
    this.indexes = indexes;
    this.reader = new ResoReader(maxSkip);
  }

  /**
   * The answer to {@code request}, its body written to {@code body} (in part, when it throws: a
   * caller answering with the error drops what was written).
   *
   * @throws InvalidRequestException for a malformed URL, an unknown field or option (400)
   * @throws NotFoundException for an unknown resource or key (404)
   * @throws NotSupportedException for what the view does not implement (501)
   */
  public ResoReply answer(ResoRequest request, OutputStream body) throws IOException {
    if (request.rawQuery().contains("odata-accept-forms-encoding")) {
      // Olingo reads this option into a static, thread-unsafe switch: refuse it before parsing.
      throw new InvalidRequestException("odata-accept-forms-encoding is not supported");
    }
    UriInfo uri = parse(request);
    if (uri.getKind() == UriInfoKind.metadata) {
      body.write(metadataXml);
      return new ResoReply("application/xml; charset=utf-8", Map.of());
    }
    if (uri.getKind() == UriInfoKind.service) {
      body.write(serviceDocument(request.serviceRoot()));
      return new ResoReply(JSON_TYPE, Map.of());
    }
    if (uri.getKind() != UriInfoKind.resource) {
      throw new NotSupportedException(request.path() + " is not supported");
    }
    try (Lease lease = indexes.lease(request.vendor())) {
      return reader.read(lease.snapshot(), request, uri, body);
    }
  }

  private UriInfo parse(ResoRequest request) {
    try {
      return new Parser(metadata.getEdm(), odata)
          .parseUri(
              request.path(),
              request.rawQuery().isEmpty() ? null : request.rawQuery(),
              null,
              request.serviceRoot());
    } catch (UriParserSemanticException e) {
      if (e.getMessageKey() == UriParserSemanticException.MessageKeys.RESOURCE_NOT_FOUND) {
        throw new NotFoundException("no such resource: " + request.path());
      }
      String query = decoded(request.rawQuery());
      if (GEOGRAPHY.matcher(query).find()) {
        // Olingo reads a literal it cannot tokenize as a property named "geography" and says so.
        throw new InvalidRequestException(
            WITHOUT_SRID.matcher(query).find()
                ? "$filter: a geography literal names its SRID (OData's ABNF):"
                    + " geography'SRID=4326;POLYGON((lng lat, ...))'"
                : "$filter: a polygon is geography'SRID=4326;POLYGON((lng lat,lng lat,...))': one"
                    + " space between longitude and latitude, a comma between points, the ring"
                    + " closed (its first point repeated last)");
      }
      if (e.getMessageKey() == UriParserSemanticException.MessageKeys.NOT_IMPLEMENTED
          || e.getMessageKey()
              == UriParserSemanticException.MessageKeys.NOT_IMPLEMENTED_SYSTEM_QUERY_OPTION) {
        throw new NotSupportedException(message(e));
      }
      throw new InvalidRequestException(message(e));
    } catch (ODataLibraryException e) {
      throw new InvalidRequestException(message(e));
    }
  }

  private static String decoded(String rawQuery) {
    try {
      return URLDecoder.decode(rawQuery.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return rawQuery; // Olingo has refused it already
    }
  }

  /** Olingo's own English message, which names the option or property. */
  private static String message(ODataLibraryException e) {
    String text = e.getLocalizedMessage();
    return text == null || text.isBlank() ? e.getMessageKey().getKey() : text;
  }

  private byte[] metadataXml() {
    try (InputStream xml =
        odata
            .createSerializer(ContentType.APPLICATION_XML)
            .metadataDocument(metadata)
            .getContent()) {
      return xml.readAllBytes();
    } catch (IOException | ODataLibraryException e) {
      throw new IllegalStateException("the RESO $metadata cannot be written", e);
    }
  }

  private byte[] serviceDocument(String serviceRoot) {
    try (InputStream json =
        odata
            .createSerializer(ContentType.JSON)
            .serviceDocument(metadata, serviceRoot + "/")
            .getContent()) {
      return json.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ODataLibraryException e) {
      throw new IllegalStateException("the RESO service document cannot be written", e);
    }
  }
}
