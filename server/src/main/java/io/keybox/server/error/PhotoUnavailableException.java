package io.keybox.server.error;

/**
 * A photo that may be served cannot be read now: the store a query node fetches photos from cannot
 * be reached (a 503; the client may try again).
 */
public final class PhotoUnavailableException extends RequestException {
  public PhotoUnavailableException(String message) {
    super(message);
  }
}
