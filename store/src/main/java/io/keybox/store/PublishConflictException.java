package io.keybox.store;

import java.io.IOException;

/**
 * A {@link Publisher#publish} refused because another publisher of the vendor holds the store's
 * lock object, or wrote the manifest of the sequence this one took. Nothing of the store's
 * publication changed; publish again once the other is done.
 */
public final class PublishConflictException extends IOException {
  private static final long serialVersionUID = 1L;

  public PublishConflictException(String message) {
    super(message);
  }
}
