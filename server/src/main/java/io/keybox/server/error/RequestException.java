package io.keybox.server.error;

/**
 * A request that the server cannot answer with data, for a reason of the domain (a bad parameter, a
 * missing listing, a vendor without an index), not of HTTP. Thrown by {@code query}, {@code search}
 * and {@code index}, which know no statuses; the HTTP edge maps each subtype to its status in one
 * place. The message is public: it names the parameter and the bad value, never internals.
 *
 * <p>NOTE: no stack trace is filled in: these are answers, not failures, and some are thrown once
 * per bad request.
 */
public abstract sealed class RequestException extends RuntimeException
    permits InvalidRequestException,
        NotFoundException,
        AccessDeniedException,
        IndexUnavailableException,
        NotSupportedException,
        PhotoUnavailableException {
  RequestException(String message) {
    super(message, null, false, false);
  }
}
