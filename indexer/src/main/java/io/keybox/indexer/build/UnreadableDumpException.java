package io.keybox.indexer.build;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A dump that could not be read to its end (missing, unreadable, or cut short, like a truncated
 * gzip file). Nothing is published from it.
 */
public final class UnreadableDumpException extends IOException {
  public UnreadableDumpException(Path dump, Throwable cause) {
    super("cannot read " + dump + " to its end: " + describe(cause), cause);
  }

  /** One line saying what went wrong: Jackson's messages run on with the parser's location. */
  private static String describe(Throwable cause) {
    String message = cause.getMessage();
    if (message == null || message.isBlank()) {
      return cause instanceof java.io.EOFException
          ? "the file ends too early (cut short?)"
          : cause.getClass().getSimpleName();
    }
    return message.lines().findFirst().orElse(message).strip();
  }
}
