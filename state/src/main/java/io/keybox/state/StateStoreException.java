package io.keybox.state;

/**
 * The state store could not be opened, read or written: the file is unreadable, locked past the
 * busy timeout, the disk is full, or it was made by a newer Keybox. The message names the file and
 * keeps SQLite's own reason; the cause is the {@link java.sql.SQLException}.
 */
public final class StateStoreException extends RuntimeException {
  public StateStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
