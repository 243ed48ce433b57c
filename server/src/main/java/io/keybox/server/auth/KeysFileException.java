package io.keybox.server.auth;

/**
 * A keys file that cannot be used. The message is one line naming the file, the entry and the
 * problem (never a secret or a hash), fit to show an operator as is.
 */
public final class KeysFileException extends Exception {

  public KeysFileException(String message) {
    super(oneLine(message));
  }

  public KeysFileException(String message, Throwable cause) {
    super(oneLine(message), cause);
  }

  /** A key or vendor name from the file may hold a line break; the message stays one line. */
  private static String oneLine(String message) {
    return message.replaceAll("\\p{Cntrl}", "?");
  }
}
