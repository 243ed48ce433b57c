package io.keybox.store;

import java.net.URI;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.blobstore.BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/** S3Proxy on loopback for the tests of the store and of the replica, and clients of it. */
public final class LoopbackS3 {
  private LoopbackS3() {}

  /**
   * Sets the credentials and region the SDK's default chains read: a store URL never takes
   * credentials as arguments.
   */
  public static void useTestCredentials() {
    System.setProperty("aws.accessKeyId", "keybox-test");
    System.setProperty("aws.secretAccessKey", "keybox-test-secret");
    System.setProperty("aws.region", "us-east-1");
  }

  /**
   * S3Proxy over {@code blobs} on loopback port {@code port} (0: a free one), once it says it has
   * started (at most 10 s).
   */
  public static S3Proxy start(BlobStore blobs, int port) throws Exception {
    S3Proxy proxy =
        S3Proxy.builder().blobStore(blobs).endpoint(URI.create("http://127.0.0.1:" + port)).build();
    proxy.start();
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!proxy.getState().equals("STARTED")) {
      if (System.nanoTime() > deadline) {
        proxy.stop();
        throw new IllegalStateException("S3Proxy did not start in 10 s: " + proxy.getState());
      }
      Thread.sleep(5);
    }
    return proxy;
  }

  /** A client of S3Proxy at {@code endpoint} with the test credentials. */
  public static S3Client client(URI endpoint) {
    return S3Client.builder()
        .endpointOverride(endpoint)
        .forcePathStyle(true)
        .region(Region.US_EAST_1)
        .credentialsProvider(
            StaticCredentialsProvider.create(
                AwsBasicCredentials.create("keybox-test", "keybox-test-secret")))
        .build();
  }
}
