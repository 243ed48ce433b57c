package io.keybox.server.reso;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.reso.ResoField;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.error.NotSupportedException;
import io.keybox.server.index.Snapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.olingo.server.api.uri.UriInfo;
import org.apache.olingo.server.api.uri.UriResource;
import org.apache.olingo.server.api.uri.UriResourceEntitySet;

/**
 * Reads a resource: one record by key, or a page of a collection with {@code $filter}, {@code
 * $orderby}, {@code $select}, {@code $top} (the total cap), {@code $skip}, {@code $count} and
 * keyset paging ({@code $skiptoken} in an absolute {@code @odata.nextLink}). Listings pass the
 * default IDX rule, as on {@code /properties}.
 */
final class ResoReader {
  private static final JsonFactory FACTORY = new JsonFactory();

  private final int maxSkip;

  ResoReader(int maxSkip) {
    this.maxSkip = maxSkip;
  }

  ResoReply read(Snapshot snapshot, ResoRequest request, UriInfo uri) throws IOException {
    List<UriResource> parts = uri.getUriResourceParts();
    if (!(parts.get(0) instanceof UriResourceEntitySet set)) {
      throw new NotSupportedException(request.path() + " is not supported");
    }
    if (parts.size() > 1) {
      throw new NotSupportedException(
          request.path() + ": navigation and property paths are not supported");
    }
    ResoEntity entity =
        ResoEntity.named(set.getEntitySet().getName())
            .orElseThrow(() -> new NotFoundException("no such resource: " + request.path()));
    ResoOptions options = ResoOptions.of(uri, entity, request, maxSkip);
    if (!set.getKeyPredicates().isEmpty()) {
      return one(snapshot, request, entity, options, set.getKeyPredicates().get(0).getText());
    }
    return page(snapshot, request, entity, options);
  }

  private ResoReply one(
      Snapshot snapshot, ResoRequest request, ResoEntity entity, ResoOptions options, String key)
      throws IOException {
    String text = key.startsWith("'") ? key.substring(1, key.length() - 1).replace("''", "'") : key;
    IndexSearcher searcher = snapshot.searcher();
    ScoreDoc[] hits = searcher.search(restrict(entity, entity.records().byKey(text)), 1).scoreDocs;
    if (hits.length == 0) {
      throw new NotFoundException(entity.name() + " " + key + " not found");
    }
    JsonNode record = entity.records().load(searcher.storedFields(), hits[0].doc);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (JsonGenerator out = FACTORY.createGenerator(body)) {
      out.writeStartObject();
      out.writeStringField("@odata.context", context(request, entity, options) + "/$entity");
      writeFields(out, entity, options, record);
      out.writeEndObject();
    }
    return new ResoReply(ResoService.JSON_TYPE, Map.of(), body.toByteArray());
  }

  private ResoReply page(
      Snapshot snapshot, ResoRequest request, ResoEntity entity, ResoOptions options)
      throws IOException {
    IndexSearcher searcher = snapshot.searcher();
    Query query = restrict(entity, options.filter());
    Sort sort = options.sort();
    int pageSize = options.pageSize();
    int wanted =
        options.top().isPresent() ? Math.min(pageSize, options.top().getAsInt()) : pageSize;
    ScoreDoc[] hits;
    int from;
    if (options.skipToken().isPresent()) {
      FieldDoc after =
          SkipToken.after(
              options.skipToken().get(), sort.getSort(), searcher.getIndexReader().maxDoc());
      hits = searcher.searchAfter(after, query, wanted + 1, sort, false).scoreDocs;
      from = 0;
    } else {
      from = options.skip();
      hits = searcher.search(query, from + wanted + 1, sort, false).scoreDocs;
    }
    int to = Math.min(hits.length, from + wanted);
    boolean more =
        hits.length > to && (options.top().isEmpty() || options.top().getAsInt() > to - from);
    StoredFields stored = searcher.storedFields();
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (JsonGenerator out = FACTORY.createGenerator(body)) {
      out.writeStartObject();
      out.writeStringField("@odata.context", context(request, entity, options));
      if (options.count()) {
        out.writeNumberField("@odata.count", searcher.count(query));
      }
      out.writeArrayFieldStart("value");
      for (int i = from; i < to; i++) {
        out.writeStartObject();
        writeFields(out, entity, options, entity.records().load(stored, hits[i].doc));
        out.writeEndObject();
      }
      out.writeEndArray();
      if (more) {
        out.writeStringField(
            "@odata.nextLink",
            nextLink(request, entity, options, (FieldDoc) hits[to - 1], to - from));
      }
      out.writeEndObject();
    }
    Map<String, String> headers = new LinkedHashMap<>();
    if (request.maxPageSize().isPresent()) {
      headers.put("Preference-Applied", "odata.maxpagesize=" + pageSize);
    }
    return new ResoReply(ResoService.JSON_TYPE, headers, body.toByteArray());
  }

  /** {@code query} among the records of {@code entity} the caller may see. */
  private static Query restrict(ResoEntity entity, Query query) {
    return new BooleanQuery.Builder()
        .add(entity.records().all(), Occur.FILTER)
        .add(query, Occur.FILTER)
        .build();
  }

  private static void writeFields(
      JsonGenerator out, ResoEntity entity, ResoOptions options, JsonNode record)
      throws IOException {
    out.writeStringField(entity.keyName(), entity.records().keyOf(record));
    for (ResoField field : options.select()) {
      out.writeFieldName(field.reso());
      ResoValues.write(out, field, record);
    }
  }

  private static String context(ResoRequest request, ResoEntity entity, ResoOptions options) {
    String context = request.serviceRoot() + "/$metadata#" + entity.name();
    return options.selected() ? context + "(" + options.selectList(entity) + ")" : context;
  }

  /**
   * The next page's absolute URL: this request's options as sent, without {@code $skip}, {@code
   * $top} and {@code $skiptoken}, then what is left of {@code $top} and the token of the last
   * record.
   */
  private static String nextLink(
      ResoRequest request, ResoEntity entity, ResoOptions options, FieldDoc last, int served) {
    List<String> kept = new ArrayList<>();
    if (!request.rawQuery().isEmpty()) {
      for (String pair : request.rawQuery().split("&")) {
        String name = URLDecoder.decode(pair.split("=", 2)[0], StandardCharsets.UTF_8);
        if (!name.equals("$skip") && !name.equals("$top") && !name.equals("$skiptoken")) {
          kept.add(pair);
        }
      }
    }
    options.top().ifPresent(top -> kept.add("$top=" + (top - served)));
    kept.add("$skiptoken=" + SkipToken.of(last));
    return request.serviceRoot() + "/" + entity.name() + "?" + String.join("&", kept);
  }

  static void checkSkip(int skip, int maxSkip) {
    if (skip > maxSkip) {
      throw new InvalidRequestException(
          "$skip must be at most " + maxSkip + " (got: " + skip + "); follow @odata.nextLink");
    }
  }
}
