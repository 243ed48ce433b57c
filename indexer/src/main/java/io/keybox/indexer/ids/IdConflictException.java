package io.keybox.indexer.ids;

/** A record whose id cannot be assigned: it belongs to another listing, or none is left. */
public final class IdConflictException extends Exception {
  public IdConflictException(String message) {
    super(message);
  }
}
