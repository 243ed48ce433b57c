package io.keybox.store;

import java.io.IOException;

/**
 * A {@link Fetcher#fetch} that did not complete. The vendor's folder still holds its last good
 * commit; the message says why, for the log and the health endpoint.
 */
public final class FetchException extends IOException {
  private static final long serialVersionUID = 1L;

  /** Why a fetch failed. */
  public enum Reason {
    /** The store could not be reached or refused a request; retry later. */
    STORE_UNAVAILABLE,
    /** A downloaded object failed its length or checksum check and was discarded. */
    CORRUPT_OBJECT,
    /** The pointer or manifest is malformed, or names an object the store lacks. */
    BAD_PUBLICATION,
    /** The local folder could not be read or written (disk full, permissions). */
    LOCAL_FAILURE,
    /** The node is stopping: the transfers under way were interrupted. */
    STOPPED
  }

  private final Reason reason;

  public FetchException(Reason reason, String message, Throwable cause) {
    super(reason + ": " + message, cause);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
