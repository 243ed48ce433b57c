package io.keybox.server.error;

/** The listing, open house or resource the request names does not exist (a 404). */
public final class NotFoundException extends RequestException {
  public NotFoundException(String message) {
    super(message);
  }
}
