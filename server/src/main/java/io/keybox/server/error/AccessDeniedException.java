package io.keybox.server.error;

/** The request names a vendor or resource the caller's key may not read (a 403). */
public final class AccessDeniedException extends RequestException {
  public AccessDeniedException(String message) {
    super(message);
  }
}
