package io.keybox.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** A {@link Store} that counts the calls the tests care about and can fail downloads after N. */
class CountingStore extends ForwardingStore {
  private final int failAfterDownloads;
  final AtomicInteger downloads = new AtomicInteger();
  final AtomicInteger gets = new AtomicInteger();
  final AtomicInteger notModified = new AtomicInteger();

  CountingStore(Store delegate) {
    this(delegate, Integer.MAX_VALUE);
  }

  CountingStore(Store delegate, int failAfterDownloads) {
    super(delegate);
    this.failAfterDownloads = failAfterDownloads;
  }

  @Override
  public byte[] get(String key) throws IOException {
    gets.incrementAndGet();
    return super.get(key);
  }

  @Override
  public Optional<Tagged> getIfNoneMatch(String key, String etag) throws IOException {
    Optional<Tagged> read = super.getIfNoneMatch(key, etag);
    if (read.isEmpty()) {
      notModified.incrementAndGet();
    }
    return read;
  }

  @Override
  public void download(String key, Path target) throws IOException {
    if (downloads.get() >= failAfterDownloads) {
      throw new IOException("connection reset (simulated) reading " + key);
    }
    super.download(key, target);
    downloads.incrementAndGet();
  }
}
