package io.keybox.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** A {@link Store} that counts the calls the tests care about and can fail downloads after N. */
class CountingStore implements Store {
  private final Store delegate;
  private final int failAfterDownloads;
  final AtomicInteger downloads = new AtomicInteger();
  final AtomicInteger gets = new AtomicInteger();
  final AtomicInteger notModified = new AtomicInteger();

  CountingStore(Store delegate) {
    this(delegate, Integer.MAX_VALUE);
  }

  CountingStore(Store delegate, int failAfterDownloads) {
    this.delegate = delegate;
    this.failAfterDownloads = failAfterDownloads;
  }

  @Override
  public void put(String key, Path source) throws IOException {
    delegate.put(key, source);
  }

  @Override
  public void put(String key, byte[] bytes) throws IOException {
    delegate.put(key, bytes);
  }

  @Override
  public boolean create(String key, byte[] bytes) throws IOException {
    return delegate.create(key, bytes);
  }

  @Override
  public List<Listed> listWithTimes(String prefix) throws IOException {
    return delegate.listWithTimes(prefix);
  }

  @Override
  public boolean exists(String key) throws IOException {
    return delegate.exists(key);
  }

  @Override
  public byte[] get(String key) throws IOException {
    gets.incrementAndGet();
    return delegate.get(key);
  }

  @Override
  public Optional<Tagged> getIfNoneMatch(String key, String etag) throws IOException {
    Optional<Tagged> read = delegate.getIfNoneMatch(key, etag);
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
    delegate.download(key, target);
    downloads.incrementAndGet();
  }

  @Override
  public List<String> list(String prefix) throws IOException {
    return delegate.list(prefix);
  }

  @Override
  public List<String> folders(String prefix) throws IOException {
    return delegate.folders(prefix);
  }

  @Override
  public void delete(String key) throws IOException {
    delegate.delete(key);
  }

  @Override
  public String describe(String key) {
    return delegate.describe(key);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
