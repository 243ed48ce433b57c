package io.keybox.indexer.build;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A dump that could not be read to its end (missing, unreadable, or cut short, like a truncated
 * gzip file). Nothing is published from it.
 */
public final class UnreadableDumpException extends IOException {
  public UnreadableDumpException(Path dump, Throwable cause) {
    super("cannot read " + dump + " to its end: " + cause.getMessage(), cause);
  }
}
