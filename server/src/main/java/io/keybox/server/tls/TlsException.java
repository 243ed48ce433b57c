package io.keybox.server.tls;

/** TLS credentials that cannot be used; the message is one line fit to show an operator. */
public final class TlsException extends Exception {
  public TlsException(String message) {
    super(message);
  }

  public TlsException(String message, Throwable cause) {
    super(message, cause);
  }
}
