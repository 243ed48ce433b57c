package io.keybox.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The systems a run compares, by their name on the command line and in the report. */
public enum SystemName {
  /** The Keybox server over HTTP: what a website talks to. */
  KEYBOX("keybox"),
  /**
   * A second Keybox server on the same index with its response cache on ({@code --response-cache
   * 64m}): measured on the {@code hot-pages} class only, never part of the mix or its ratios, and
   * not a choice of {@code --systems}.
   */
  KEYBOX_CACHE("keybox+cache"),
  /** The same Lucene queries on the same index, in-process: the limit Keybox approaches. */
  LUCENE("lucene"),
  /** PostgreSQL with PostGIS over JDBC: what a brokerage would build instead. */
  POSTGRES("postgres"),
  /**
   * OpenSearch 3 over HTTP: the search server a developer would put behind an IDX site instead, a
   * single node started by the bench from Maven Central jars.
   */
  OPENSEARCH("opensearch");

  private final String label;

  SystemName(String label) {
    this.label = label;
  }

  /** The name on the command line and in the report. */
  public String label() {
    return label;
  }

  /** Whether {@code --systems} may name this system (the cached server comes with Keybox). */
  public boolean selectable() {
    return this != KEYBOX_CACHE;
  }

  /** The selectable system named {@code label} (exact, lower case). */
  public static Optional<SystemName> parse(String label) {
    return Arrays.stream(values()).filter(s -> s.selectable() && s.label.equals(label)).findFirst();
  }

  /** Every selectable label, in report order. */
  public static List<String> labels() {
    return Arrays.stream(values()).filter(SystemName::selectable).map(SystemName::label).toList();
  }
}
