package io.keybox.store.s3;

import io.keybox.store.ObjectNotFoundException;
import io.keybox.store.Store;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * A {@link Store} rooted at {@code s3://bucket/prefix}. Region and credentials come from the SDK's
 * default chains (environment, system properties, {@code ~/.aws}, instance role), never from
 * arguments. With a custom endpoint, addressing is path-style (S3-compatible stores rarely serve
 * bucket sub-domains) and a region the chain cannot find defaults to {@code us-east-1}, which such
 * stores ignore.
 *
 * <p>Checksums: the SDK's optional request and response checksums are off (WHEN_REQUIRED): some
 * stores refuse the trailing-checksum encoding and others accept it without checking. The layout
 * verifies every index file against Lucene's own footer checksum instead.
 *
 * <p>NOTE: a single PUT holds at most 5 GiB; larger Lucene files would need multipart uploads.
 */
public final class S3Store implements Store {
  private final S3Client client;
  private final String bucket;
  private final String prefix;

  /**
   * Wraps {@code client}; {@code prefix} is the key prefix without leading or trailing slash, or
   * empty for the bucket's root. The store closes the client.
   */
  public S3Store(S3Client client, String bucket, String prefix) {
    if (bucket == null || bucket.isEmpty()) {
      throw new IllegalArgumentException("bucket must not be empty (got: '" + bucket + "')");
    }
    if (prefix.startsWith("/") || prefix.endsWith("/")) {
      throw new IllegalArgumentException(
          "prefix must not start or end with '/' (got: '" + prefix + "')");
    }
    this.client = client;
    this.bucket = bucket;
    this.prefix = prefix.isEmpty() ? "" : prefix + "/";
  }

  /** Idle connections the JDK keeps per destination ({@code http.maxConnections}'s default). */
  private static final int STALE_CONNECTIONS = 5;

  /**
   * Opens a client for {@code bucket}; {@code endpoint} overrides AWS's own (path-style then).
   *
   * @throws IOException when the SDK cannot be set up, e.g. no region is configured for AWS
   */
  public static S3Store open(String bucket, String prefix, Optional<URI> endpoint)
      throws IOException {
    S3ClientBuilder builder =
        S3Client.builder()
            .httpClientBuilder(
                UrlConnectionHttpClient.builder()
                    .connectionTimeout(Duration.ofSeconds(10))
                    .socketTimeout(Duration.ofSeconds(60)))
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            // The JDK's connection keeps up to 5 idle connections per store; after the store
            // restarts, each is dead and a PUT on one fails ("Error writing request body to
            // server") without the JDK trying another. Enough attempts to get past all five.
            .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(STALE_CONNECTIONS + 2)));
    if (endpoint.isPresent()) {
      builder
          .endpointOverride(endpoint.get())
          .forcePathStyle(true)
          .region(regionOr(Region.US_EAST_1));
    }
    try {
      return new S3Store(builder.build(), bucket, prefix);
    } catch (SdkClientException e) {
      // Without a custom endpoint the region must come from the chain (AWS_REGION, ~/.aws/config).
      throw new IOException("cannot open s3://" + bucket + ": " + e.getMessage(), e);
    }
  }

  private static Region regionOr(Region fallback) {
    try {
      return new DefaultAwsRegionProviderChain().getRegion();
    } catch (SdkClientException none) {
      return fallback;
    }
  }

  @Override
  public void put(String key, Path source) throws IOException {
    try {
      client.putObject(b -> b.bucket(bucket).key(prefix + key), RequestBody.fromFile(source));
    } catch (SdkException e) {
      throw failure("cannot write", key, e);
    }
  }

  @Override
  public void put(String key, byte[] bytes) throws IOException {
    try {
      client.putObject(b -> b.bucket(bucket).key(prefix + key), RequestBody.fromBytes(bytes));
    } catch (SdkException e) {
      throw failure("cannot write", key, e);
    }
  }

  @Override
  public boolean create(String key, byte[] bytes) throws IOException {
    try {
      client.putObject(
          b -> b.bucket(bucket).key(prefix + key).ifNoneMatch("*"), RequestBody.fromBytes(bytes));
      return true;
    } catch (S3Exception e) {
      // 412: an object is there; 409: a concurrent conditional write of the key is under way.
      // An attempt the SDK retried after its first one wrote the object also ends in a 412: the
      // object then holds exactly these bytes.
      if (e.statusCode() == 412 || e.statusCode() == 409) {
        return Arrays.equals(bytes, get(key));
      }
      throw failure("cannot write", key, e);
    } catch (SdkException e) {
      throw failure("cannot write", key, e);
    }
  }

  @Override
  public List<Listed> listWithTimes(String keyPrefix) throws IOException {
    try {
      return client
          .listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix + keyPrefix))
          .contents()
          .stream()
          .map(o -> new Listed(o.key().substring(prefix.length()), o.lastModified()))
          .sorted(java.util.Comparator.comparing(Listed::key))
          .toList();
    } catch (SdkException e) {
      throw failure("cannot list", keyPrefix, e);
    }
  }

  @Override
  public boolean exists(String key) throws IOException {
    try {
      client.headObject(b -> b.bucket(bucket).key(prefix + key));
      return true;
    } catch (NoSuchKeyException e) {
      return false;
    } catch (S3Exception e) {
      if (e.statusCode() == 404) {
        return false;
      }
      throw failure("cannot read", key, e);
    } catch (SdkException e) {
      throw failure("cannot read", key, e);
    }
  }

  @Override
  public byte[] get(String key) throws IOException {
    try {
      return client.getObjectAsBytes(b -> b.bucket(bucket).key(prefix + key)).asByteArray();
    } catch (SdkException e) {
      throw readFailure(key, e);
    }
  }

  @Override
  public Optional<Tagged> getIfNoneMatch(String key, String etag) throws IOException {
    try {
      ResponseBytes<GetObjectResponse> object =
          client.getObjectAsBytes(b -> b.bucket(bucket).key(prefix + key).ifNoneMatch(etag));
      return Optional.of(new Tagged(object.asByteArray(), object.response().eTag()));
    } catch (S3Exception e) {
      // The SDK surfaces "304 Not Modified" as an exception, not as a response.
      if (e.statusCode() == 304) {
        return Optional.empty();
      }
      throw readFailure(key, e);
    } catch (SdkException e) {
      throw readFailure(key, e);
    }
  }

  @Override
  public void download(String key, Path target) throws IOException {
    try (InputStream in = client.getObject(b -> b.bucket(bucket).key(prefix + key));
        FileChannel out =
            FileChannel.open(
                target,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
      in.transferTo(Channels.newOutputStream(out));
      out.force(true);
    } catch (SdkException e) {
      throw readFailure(key, e);
    }
  }

  @Override
  public List<String> list(String keyPrefix) throws IOException {
    return listWithTimes(keyPrefix).stream().map(Listed::key).toList();
  }

  @Override
  public List<String> folders(String keyPrefix) throws IOException {
    String full = prefix + keyPrefix;
    try {
      var pages = client.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(full).delimiter("/"));
      TreeSet<String> parts = new TreeSet<>();
      pages.commonPrefixes().forEach(p -> parts.add(strip(p.prefix().substring(full.length()))));
      pages.contents().forEach(o -> parts.add(o.key().substring(full.length())));
      return List.copyOf(parts);
    } catch (SdkException e) {
      throw failure("cannot list", keyPrefix, e);
    }
  }

  private static String strip(String folder) {
    return folder.endsWith("/") ? folder.substring(0, folder.length() - 1) : folder;
  }

  @Override
  public void delete(String key) throws IOException {
    try {
      client.deleteObject(b -> b.bucket(bucket).key(prefix + key));
    } catch (SdkException e) {
      throw failure("cannot delete", key, e);
    }
  }

  @Override
  public String describe(String key) {
    return "s3://" + bucket + "/" + prefix + key;
  }

  @Override
  public void close() {
    client.close();
  }

  private IOException readFailure(String key, SdkException e) {
    if (e instanceof NoSuchKeyException
        || (e instanceof S3Exception s3 && s3.statusCode() == 404)) {
      return new ObjectNotFoundException(describe(key));
    }
    return failure("cannot read", key, e);
  }

  private IOException failure(String what, String key, SdkException e) {
    return new IOException(what + " " + describe(key) + ": " + e.getMessage(), e);
  }
}
