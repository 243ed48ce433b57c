package io.keybox.store;

import io.keybox.store.local.LocalStore;
import io.keybox.store.s3.S3Store;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where a store lives: {@code s3://bucket[/prefix]} or {@code file:///absolute/path}. Parse with
 * {@link #parse}, then {@link #open} it.
 *
 * @param scheme {@code s3} or {@code file}
 * @param bucket the S3 bucket (empty for {@code file})
 * @param prefix the S3 key prefix without leading or trailing slash (empty for the bucket's root)
 * @param path the folder of a {@code file} store (null for {@code s3})
 */
public record StoreUrl(String scheme, String bucket, String prefix, Path path) {

  /** The environment variable the AWS tools read for a custom endpoint. */
  public static final String ENDPOINT_VARIABLE = "AWS_ENDPOINT_URL";

  /** Parses {@code url}; throws {@link IllegalArgumentException} naming what is wrong. */
  public static StoreUrl parse(String url) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "store URL must be s3://bucket/prefix or file:///path (got: '" + url + "')", e);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme();
    switch (scheme) {
      case "s3" -> {
        String bucket = uri.getHost();
        if (bucket == null
            || bucket.isEmpty()
            || uri.getQuery() != null
            || uri.getUserInfo() != null) {
          throw new IllegalArgumentException(
              "store URL must be s3://bucket/prefix (got: '" + url + "')");
        }
        String prefix = uri.getPath() == null ? "" : uri.getPath();
        prefix = prefix.replaceAll("^/+", "").replaceAll("/+$", "");
        if (prefix.contains("//")) {
          throw new IllegalArgumentException(
              "store URL's prefix must not hold an empty part (got: '" + url + "')");
        }
        return new StoreUrl("s3", bucket, prefix, null);
      }
      case "file" -> {
        if (uri.getAuthority() != null || uri.getPath() == null || !uri.getPath().startsWith("/")) {
          throw new IllegalArgumentException(
              "store URL must be file:///absolute/path (got: '" + url + "')");
        }
        return new StoreUrl("file", "", "", Path.of(uri));
      }
      default ->
          throw new IllegalArgumentException(
              "store URL must be s3://bucket/prefix or file:///path (got: '" + url + "')");
    }
  }

  /**
   * Opens the store. For {@code s3}, the endpoint is {@code endpoint} when given, else the
   * environment's {@value #ENDPOINT_VARIABLE}, else AWS's own; region and credentials come from the
   * SDK's default chains. {@code endpoint} is ignored for {@code file}.
   */
  public Store open(Optional<URI> endpoint, Map<String, String> environment) throws IOException {
    if (scheme.equals("file")) {
      return new LocalStore(path);
    }
    Optional<URI> chosen =
        endpoint.or(
            () ->
                Optional.ofNullable(environment.get(ENDPOINT_VARIABLE))
                    .filter(value -> !value.isBlank())
                    .map(URI::create));
    return S3Store.open(bucket, prefix, chosen);
  }

  /** Opens the store with this process's environment. */
  public Store open(Optional<URI> endpoint) throws IOException {
    return open(endpoint, System.getenv());
  }

  @Override
  public String toString() {
    return scheme.equals("file")
        ? path.toUri().toString()
        : "s3://" + bucket + (prefix.isEmpty() ? "" : "/" + prefix);
  }
}
