package io.keybox.server.http;

/**
 * The server cannot listen where it was told to (the port is taken, the address is not this
 * machine's); the message names the address, the cause and the option to change.
 */
public final class ListenException extends RuntimeException {
  public ListenException(String option, String host, int port, Throwable cause) {
    super(
        "cannot listen on "
            + host
            + ":"
            + port
            + ": "
            + describe(cause)
            + "; is another server running there? choose another "
            + option,
        cause);
  }

  /** The innermost cause's message: Undertow wraps the BindException that says what happened. */
  private static String describe(Throwable cause) {
    Throwable inner = cause;
    while (inner.getCause() != null && inner.getCause() != inner) {
      inner = inner.getCause();
    }
    return inner.getMessage() != null ? inner.getMessage() : inner.getClass().getSimpleName();
  }
}
