package io.keybox.server.reso;

import io.keybox.schema.listing.PhotoUrls;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One request to a vendor's RESO service root, as values.
 *
 * @param vendor the vendor of the service root (already granted to the caller)
 * @param serviceRoot the absolute URL of the service root without its trailing slash, for {@code
 *     @odata.context} and {@code @odata.nextLink}
 * @param path the path below the service root, e.g. {@code Property} or {@code Property('101')};
 *     empty for the service document
 * @param rawQuery the query string exactly as sent (still percent-encoded), or empty
 * @param maxPageSize the {@code odata.maxpagesize} preference, if the client sent one
 * @param photoUrls how Media records name the vendor's mirrored photos ({@code MediaURL})
 * @param members whether the caller may read Member records (the agents add-on), also when a
 *     listing's {@code ListAgent} is expanded
 * @param versions the OData versions the request is read and answered in
 */
public record ResoRequest(
    String vendor,
    String serviceRoot,
    String path,
    String rawQuery,
    OptionalInt maxPageSize,
    PhotoUrls photoUrls,
    boolean members,
    ODataVersions versions) {
  public ResoRequest {
    Objects.requireNonNull(versions, "versions");
    Objects.requireNonNull(vendor, "vendor");
    Objects.requireNonNull(serviceRoot, "serviceRoot");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(rawQuery, "rawQuery");
    Objects.requireNonNull(photoUrls, "photoUrls");
  }
}
