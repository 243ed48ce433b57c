package io.keybox.store.s3;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * One S3 multipart upload of a file, in parts of a given size read straight from the file (S3 takes
 * up to 10,000 parts of 5 MiB to 5 GiB each): created, each part sent in turn, completed; a failed
 * or interrupted upload is aborted, so that the store keeps no parts of it.
 */
final class MultipartUpload {
  private MultipartUpload() {}

  /**
   * Uploads {@code source} ({@code size} bytes) under {@code key} of {@code bucket}.
   *
   * @throws SdkException when a request fails (the upload aborted)
   * @throws IOException when the file cannot be read, or the thread is interrupted
   */
  static void upload(
      S3Client client, String bucket, String key, Path source, long size, long partSize)
      throws IOException {
    String uploadId = client.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
    try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ)) {
      List<CompletedPart> parts = new ArrayList<>();
      for (int number = 1; (long) (number - 1) * partSize < size; number++) {
        if (Thread.currentThread().isInterrupted()) {
          throw new InterruptedIOException("upload of " + key + " stopped");
        }
        long offset = (number - 1) * partSize;
        long length = Math.min(partSize, size - offset);
        int part = number;
        String etag =
            client
                .uploadPart(
                    b ->
                        b.bucket(bucket)
                            .key(key)
                            .uploadId(uploadId)
                            .partNumber(part)
                            .contentLength(length),
                    RequestBody.fromContentProvider(
                        () -> Channels.newInputStream(slice(in, offset, length)),
                        length,
                        "application/octet-stream"))
                .eTag();
        parts.add(CompletedPart.builder().partNumber(part).eTag(etag).build());
      }
      client.completeMultipartUpload(
          b -> b.bucket(bucket).key(key).uploadId(uploadId).multipartUpload(m -> m.parts(parts)));
    } catch (IOException | RuntimeException e) {
      try {
        client.abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId));
      } catch (SdkException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** The bytes {@code offset..offset+length} of {@code file}, as a channel of their own. */
  private static ReadableByteChannel slice(FileChannel file, long offset, long length) {
    return new ReadableByteChannel() {
      private long position = offset;
      private boolean open = true;

      @Override
      public int read(ByteBuffer target) throws IOException {
        long left = offset + length - position;
        if (left <= 0) {
          return -1;
        }
        if (target.remaining() > left) {
          target.limit(target.position() + (int) left);
        }
        int read = file.read(target, position);
        if (read > 0) {
          position += read;
        }
        return read;
      }

      @Override
      public boolean isOpen() {
        return open;
      }

      @Override
      public void close() {
        open = false;
      }
    };
  }
}
