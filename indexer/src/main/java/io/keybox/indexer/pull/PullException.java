package io.keybox.indexer.pull;

import java.io.IOException;

/**
 * A pull that stopped: an HTTP status the client does not retry, retries exhausted, a response that
 * is no OData page, a connection failure, or fewer records than the server said it holds. The
 * message is one line naming the URL (which never carries a secret) or the resource, and the
 * reason; nothing of the index or the state file has changed.
 */
public final class PullException extends IOException {
  private final boolean credentials;
  private final int status;

  PullException(String message, boolean credentials, Throwable cause) {
    super(message, cause);
    this.credentials = credentials;
    this.status = 0;
  }

  PullException(String message, int status) {
    super(message);
    this.credentials = false;
    this.status = status;
  }

  PullException(String message) {
    this(message, false, null);
  }

  /** Whether the server refused the credentials (a configuration problem, not an outage). */
  public boolean credentials() {
    return credentials;
  }

  /** The HTTP status that stopped the pull, or 0 when it was something else. */
  public int status() {
    return status;
  }
}
