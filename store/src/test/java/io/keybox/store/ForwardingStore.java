package io.keybox.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A {@link Store} that passes every call to another, for tests that count or change a few calls: a
 * subclass overrides only those. The interface's default methods are left as they are, so they go
 * through the subclass's overrides as on any store.
 */
public abstract class ForwardingStore implements Store {
  private final Store delegate;

  protected ForwardingStore(Store delegate) {
    this.delegate = delegate;
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
    return delegate.get(key);
  }

  @Override
  public Optional<Tagged> getIfNoneMatch(String key, String etag) throws IOException {
    return delegate.getIfNoneMatch(key, etag);
  }

  @Override
  public void download(String key, Path target) throws IOException {
    delegate.download(key, target);
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
