package io.keybox.server.error;

/** A malformed request: a parameter value, the query string or a page position (a 400). */
public final class InvalidRequestException extends RequestException {
  public InvalidRequestException(String message) {
    super(message);
  }
}
