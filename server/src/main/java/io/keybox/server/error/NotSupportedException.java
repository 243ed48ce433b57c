package io.keybox.server.error;

/**
 * A well-formed request for something the server does not implement (a 501), such as an OData query
 * option or function the RESO endpoint does not support. The message names it.
 */
public final class NotSupportedException extends RequestException {
  public NotSupportedException(String message) {
    super(message);
  }
}
