package io.keybox.server.http.edge;

import io.keybox.server.error.AccessDeniedException;
import io.keybox.server.error.IndexUnavailableException;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.error.NotSupportedException;
import io.keybox.server.error.PhotoUnavailableException;
import io.keybox.server.error.RequestException;

/**
 * The one table from the domain's exceptions to HTTP statuses. The server's edge answers with it;
 * the bench's raw-Lucene and PostgreSQL targets use it too, so all three report a bad request the
 * same way.
 */
public final class ErrorStatus {
  private ErrorStatus() {}

  /** The status of {@code e}: 400, 403, 404, 501 or 503. */
  public static int of(RequestException e) {
    return switch (e) {
      case InvalidRequestException invalid -> 400;
      case AccessDeniedException denied -> 403;
      case NotFoundException notFound -> 404;
      case IndexUnavailableException unavailable -> 503;
      case NotSupportedException notSupported -> 501;
      case PhotoUnavailableException photoUnavailable -> 503;
    };
  }
}
