package io.keybox.store.s3;

import io.keybox.store.ObjectNotFoundException;
import io.keybox.store.Store;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
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
 * <p>Transfers: a file larger than the part size (64 MiB by default) is uploaded as an S3 multipart
 * upload of parts of that size (a single PUT holds at most 5 GiB; S3 takes up to 10,000 parts), an
 * upload that fails is aborted. A download copies in chunks and stops at the next chunk once its
 * thread is interrupted, closing the connection. The HTTP client (Apache HttpClient 5) closes
 * connections idle for 5 s, before a store would (and reaps them in the background), so a restarted
 * store costs no failed request; the SDK's standard retries cover the rest.
 */
public final class S3Store implements Store {
  /** The part size of multipart uploads by default, and the size above which they are used. */
  public static final long DEFAULT_PART_SIZE = 64L << 20;

  /** S3's smallest part (all but the last). */
  private static final long MIN_PART_SIZE = 5L << 20;

  private static final int CHUNK = 1 << 16;

  private final S3Client client;
  private final String bucket;
  private final String prefix;
  private final long partSize;

  /**
   * Wraps {@code client}; {@code prefix} is the key prefix without leading or trailing slash, or
   * empty for the bucket's root. The store closes the client.
   */
  public S3Store(S3Client client, String bucket, String prefix) {
    this(client, bucket, prefix, DEFAULT_PART_SIZE);
  }

  /**
   * As {@link #S3Store(S3Client, String, String)}, uploading files larger than {@code partSize} (at
   * least 5 MiB, S3's smallest part) as multipart uploads of parts of that size.
   */
  public S3Store(S3Client client, String bucket, String prefix, long partSize) {
    if (partSize < MIN_PART_SIZE) {
      throw new IllegalArgumentException(
          "part size must be at least 5 MiB (got: " + partSize + " bytes)");
    }
    this.partSize = partSize;
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
                Apache5HttpClient.builder()
                    .connectionTimeout(Duration.ofSeconds(10))
                    .socketTimeout(Duration.ofSeconds(60))
                    // Enough for the transfers of a node at once (Transfers.DEFAULT_PARALLEL per
                    // publisher or replica, and the replica's polls).
                    .maxConnections(32)
                    // Closed before the store closes them (S3 after about 20 s idle): a pooled
                    // connection is never found dead by a request.
                    .connectionMaxIdleTime(Duration.ofSeconds(5))
                    .useIdleConnectionReaper(true))
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
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
    long size = Files.size(source);
    if (size > partSize) {
      try {
        MultipartUpload.upload(client, bucket, prefix + key, source, size, partSize);
      } catch (SdkException e) {
        throw failure("cannot write", key, e);
      }
      return;
    }
    try {
      client.putObject(b -> b.bucket(bucket).key(prefix + key), RequestBody.fromFile(source));
    } catch (SdkException e) {
      throw failure("cannot write", key, e);
    }
  }

  @Override
  public void putImmutable(String key, Path source, String contentType) throws IOException {
    if (Files.size(source) > partSize) {
      put(key, source); // never a photo: those are far smaller than a part
      return;
    }
    try {
      client.putObject(
          b -> b.bucket(bucket).key(prefix + key).contentType(contentType).cacheControl(IMMUTABLE),
          RequestBody.fromFile(source));
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
    try (ResponseInputStream<GetObjectResponse> in =
            client.getObject(b -> b.bucket(bucket).key(prefix + key));
        OutputStream out = Files.newOutputStream(target)) {
      byte[] buffer = new byte[CHUNK];
      for (int read; (read = in.read(buffer)) >= 0; ) {
        if (Thread.currentThread().isInterrupted()) {
          in.abort(); // the connection is closed, not drained
          throw new InterruptedIOException("download of " + describe(key) + " stopped");
        }
        out.write(buffer, 0, read);
      }
    } catch (SdkException e) {
      throw readFailure(key, e);
    } catch (IOException e) {
      // The stream broke or the local file failed: still name the object and the file.
      throw new IOException("cannot download " + describe(key) + " to " + target + ": " + e, e);
    }
    try (FileChannel written = FileChannel.open(target, StandardOpenOption.WRITE)) {
      written.force(true);
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
