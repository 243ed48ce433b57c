package io.keybox.server.error;

/** The vendor's index cannot serve now: it has none yet (a 503). */
public final class IndexUnavailableException extends RequestException {
  public IndexUnavailableException(String message) {
    super(message);
  }
}
