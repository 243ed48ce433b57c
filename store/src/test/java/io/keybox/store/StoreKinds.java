package io.keybox.store;

import io.keybox.store.s3.S3Store;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The two kinds of store the tests run against: S3Proxy on loopback (an in-memory blob store) and a
 * folder. Each {@link #open} makes a new, empty store, opened through {@link StoreUrl} as a command
 * would. S3Proxy runs for the tests of one class:
 *
 * <pre>{@code
 * @RegisterExtension static final StoreKinds kinds = new StoreKinds();
 * }</pre>
 */
final class StoreKinds implements BeforeAllCallback, AfterAllCallback {
  // Set before the class's tests by beforeAll.
  private S3Proxy proxy;
  private URI endpoint;
  private S3Client admin;
  private final AtomicInteger buckets = new AtomicInteger();

  /** Starts S3Proxy on a free loopback port. */
  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    LoopbackS3.useTestCredentials();
    proxy = LoopbackS3.start(new TransientNio2BlobStore(), 0);
    endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    admin = LoopbackS3.client(endpoint);
  }

  /** S3Proxy's endpoint. */
  URI endpoint() {
    return endpoint;
  }

  /** A new empty bucket in S3Proxy. */
  String newBucket() {
    String bucket = "keybox-" + buckets.incrementAndGet();
    admin.createBucket(b -> b.bucket(bucket));
    return bucket;
  }

  /** A new empty store of {@code kind} ({@code s3} or {@code file}; {@code temp} holds folders). */
  Store open(String kind, Path temp) throws IOException {
    return switch (kind) {
      case "s3" -> {
        yield StoreUrl.parse("s3://" + newBucket() + "/published/keybox")
            .open(Optional.of(endpoint));
      }
      case "file" ->
          StoreUrl.parse(temp.resolve("store-" + buckets.incrementAndGet()).toUri().toString())
              .open(Optional.empty(), Map.of());
      default -> throw new IllegalArgumentException("kind must be s3 or file (got: " + kind + ")");
    };
  }

  /**
   * A new empty S3 store whose uploads of files over {@code partSize} are multipart, and a client
   * of the same bucket to look at its objects.
   */
  S3Store openS3(long partSize) {
    String bucket = newBucket();
    return new S3Store(LoopbackS3.client(endpoint), bucket, "published", partSize);
  }

  /** The entity tag of {@code key} in {@code bucket}'s {@code published/} prefix. */
  String etag(String bucket, String key) {
    return admin.headObject(b -> b.bucket(bucket).key("published/" + key)).eTag();
  }

  /** The name of the last bucket made. */
  String lastBucket() {
    return "keybox-" + buckets.get();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    admin.close();
    proxy.stop();
  }
}
