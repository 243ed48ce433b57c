package io.keybox.server.error;

/**
 * A request that cannot be answered with data: the status and the message the client sees (API.md
 * §3). The message must never carry internals; it names the parameter and the bad value instead.
 */
public final class ApiException extends RuntimeException {
  private final int status;
  private final long retryAfterSeconds;

  private ApiException(int status, String message) {
    this(status, message, 0);
  }

  private ApiException(int status, String message, long retryAfterSeconds) {
    super(message, null, false, false);
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** Seconds the client should wait before retrying ({@code Retry-After}); 0 when not said. */
  public long retryAfterSeconds() {
    return retryAfterSeconds;
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

  /** 414: the request target is longer than the server takes. */
  public static ApiException uriTooLong(String message) {
    return new ApiException(414, message);
  }

  /** 431: the request carries more header lines than the server takes. */
  public static ApiException headersTooLarge(String message) {
    return new ApiException(431, message);
  }

  /** 429: over a rate limit; the client may retry after {@code retryAfterSeconds} (>= 1). */
  public static ApiException tooManyRequests(String message, long retryAfterSeconds) {
    return new ApiException(429, message, Math.max(1, retryAfterSeconds));
  }

  /** 503: the vendor has no index yet, or the server is overloaded. */
  public static ApiException unavailable(String message) {
    return new ApiException(503, message);
  }

  /** 503 for a passing overload: the client may retry after {@code retryAfterSeconds} (>= 1). */
  public static ApiException unavailable(String message, long retryAfterSeconds) {
    return new ApiException(503, message, Math.max(1, retryAfterSeconds));
  }
}
