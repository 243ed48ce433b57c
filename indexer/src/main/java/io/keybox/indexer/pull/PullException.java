package io.keybox.indexer.pull;

import java.io.IOException;

/**
 * A pull that stopped: an HTTP status the client does not retry, retries exhausted, a response that
 * is no OData page, or a connection failure. The message is one line naming the URL (which never
 * carries a secret) and the status; nothing of the index or the state file has changed.
 */
public final class PullException extends IOException {
  private final boolean credentials;

  PullException(String message, boolean credentials, Throwable cause) {
    super(message, cause);
    this.credentials = credentials;
  }

  PullException(String message) {
    this(message, false, null);
  }

  /** Whether the server refused the credentials (a configuration problem, not an outage). */
  public boolean credentials() {
    return credentials;
  }
}
