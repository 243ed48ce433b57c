package io.keybox.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The systems a run compares, by their name on the command line and in the report. */
public enum SystemName {
  /** The Keybox server over HTTP: what a website talks to. */
  KEYBOX("keybox"),
  /** The same Lucene queries on the same index, in-process: the limit Keybox approaches. */
  LUCENE("lucene"),
  /** PostgreSQL with PostGIS over JDBC: what a brokerage would build instead. */
  POSTGRES("postgres");

  private final String label;

  SystemName(String label) {
    this.label = label;
  }

  /** The name on the command line and in the report. */
  public String label() {
    return label;
  }

  /** The system named {@code label} (exact, lower case). */
  public static Optional<SystemName> parse(String label) {
    return Arrays.stream(values()).filter(s -> s.label.equals(label)).findFirst();
  }

  /** Every label, in report order. */
  public static List<String> labels() {
    return Arrays.stream(values()).map(SystemName::label).toList();
  }
}
