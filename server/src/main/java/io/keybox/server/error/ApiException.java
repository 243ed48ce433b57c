package io.keybox.server.error;

/**
 * A request that cannot be answered with data: the status and the message the client sees (API.md
 * §3). The message must never carry internals; it names the parameter and the bad value instead.
 */
public final class ApiException extends RuntimeException {
  private final int status;

  private ApiException(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** 400: a malformed parameter value. */
  public static ApiException badRequest(String message) {
    return new ApiException(400, message);
  }

  /** 401: missing or wrong credentials. */
  public static ApiException unauthorized(String message) {
    return new ApiException(401, message);
  }

  /** 403: the account may not read this vendor or endpoint. */
  public static ApiException forbidden(String message) {
    return new ApiException(403, message);
  }

  /** 404: no such resource. */
  public static ApiException notFound(String message) {
    return new ApiException(404, message);
  }

  /** 405: the path does not take this method (the caller sets {@code Allow}). */
  public static ApiException methodNotAllowed(String message) {
    return new ApiException(405, message);
  }

  /** 503: the vendor has no index yet, or the server is overloaded. */
  public static ApiException unavailable(String message) {
    return new ApiException(503, message);
  }
}
