package io.keybox.state;

import java.util.List;
import java.util.Objects;

/**
 * One step of the state store's schema: the version it brings the file to and the statements that
 * get it there, applied in one transaction with the version ({@code PRAGMA user_version}).
 *
 * @param version the version after this step, from 1 up without gaps
 * @param what what it adds, for the log line
 * @param statements the SQL statements, each without a trailing semicolon
 */
public record Migration(int version, String what, List<String> statements) {
  public Migration {
    if (version < 1) {
      throw new IllegalArgumentException("version must be >= 1 (got: " + version + ")");
    }
    Objects.requireNonNull(what, "what");
    statements = List.copyOf(statements);
  }
}
