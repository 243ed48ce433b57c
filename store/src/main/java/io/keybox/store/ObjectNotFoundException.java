package io.keybox.store;

import java.io.IOException;

/** A read named a key under which the store holds no object. */
public final class ObjectNotFoundException extends IOException {
  private static final long serialVersionUID = 1L;

  public ObjectNotFoundException(String location) {
    super("no object at " + location);
  }
}
