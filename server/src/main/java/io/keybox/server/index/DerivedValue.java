package io.keybox.server.index;

import java.io.IOException;

/**
 * A value derived from one snapshot's reader that is too costly to compute per request and that
 * only some requests need: computed by the first caller that asks, then kept with the snapshot and
 * swapped with it (as Lucene keeps per-reader caches with their reader), so no request mixes the
 * value of one commit with the reader of another. Callers that ask while it is being computed wait
 * for that computation rather than start another.
 *
 * <p>The search side declares its values, once each, as constants; this package only keeps them:
 *
 * <pre>{@code
 * static final DerivedValue<ListingOptions> VALUES =
 *     DerivedValue.of("OPTIONS values", snapshot -> ListingOptions.compute(...));
 *
 * try (Lease lease = indexes.lease(vendor)) {
 *   ListingOptions options = lease.snapshot().derived(VALUES);
 * }
 * indexes.warmUp(snapshot -> snapshot.derived(VALUES)); // prepared once a snapshot is served
 * }</pre>
 *
 * <p>NOTE: values are told apart by identity: declare each once, as a constant.
 *
 * @param <T> the type of the value
 */
public final class DerivedValue<T> {
  /** Computes the value from a snapshot whose reader is open. */
  @FunctionalInterface
  public interface Derivation<T> {
    T derive(Snapshot snapshot) throws IOException;
  }

  private final String name;
  private final Derivation<T> derivation;

  private DerivedValue(String name, Derivation<T> derivation) {
    this.name = name;
    this.derivation = derivation;
  }

  /**
   * A value named {@code name} (for messages: "the NAME of this index could not be read"), computed
   * by {@code derivation}.
   */
  public static <T> DerivedValue<T> of(String name, Derivation<T> derivation) {
    return new DerivedValue<>(name, derivation);
  }

  String name() {
    return name;
  }

  T derive(Snapshot snapshot) throws IOException {
    return derivation.derive(snapshot);
  }

  @Override
  public String toString() {
    return name;
  }
}
