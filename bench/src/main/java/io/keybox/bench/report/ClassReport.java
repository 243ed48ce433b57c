package io.keybox.bench.report;

import io.keybox.bench.SystemName;
import io.keybox.bench.mix.QueryClass;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The results of one query class.
 *
 * @param queryClass the class
 * @param results each system's result, in report order
 * @param agreement whether the systems gave the same answers to the class's check requests ("agree
 *     on N requests", or what differed)
 * @param disagreeing the systems whose answers differed from the first system's (Keybox's when it
 *     ran), or whose check requests failed
 * @param loadAverage the machine's 1-minute load average when the class started, to judge noise
 * @param openLoop the class run open loop at half of Keybox's throughput ({@code --rate half}), or
 *     empty
 * @param repeats each system's throughput in every repeat ({@code --repeat}), by mode: {@link
 *     #UNPINNED}, and {@link #PINNED} with {@code --pin}; {@code results} then holds, per system,
 *     the repeat of the median throughput (unpinned) with that median as its throughput
 */
public record ClassReport(
    QueryClass queryClass,
    Map<SystemName, SystemResult> results,
    String agreement,
    Set<SystemName> disagreeing,
    double loadAverage,
    Optional<OpenLoop> openLoop,
    Map<String, Repeats> repeats) {

  /** The mode of the repeats measured as they run, every process on every core. */
  public static final String UNPINNED = "unpinned";

  /** The mode of the repeats measured with every server on one core, the load on another. */
  public static final String PINNED = "pinned";

  /** A class measured once, without repeats. */
  public ClassReport(
      QueryClass queryClass,
      Map<SystemName, SystemResult> results,
      String agreement,
      Set<SystemName> disagreeing,
      double loadAverage,
      Optional<OpenLoop> openLoop) {
    this(queryClass, results, agreement, disagreeing, loadAverage, openLoop, Map.of());
  }

  /** A class measured closed loop only, or at a fixed {@code --rate}. */
  public ClassReport(
      QueryClass queryClass,
      Map<SystemName, SystemResult> results,
      String agreement,
      Set<SystemName> disagreeing,
      double loadAverage) {
    this(queryClass, results, agreement, disagreeing, loadAverage, Optional.empty());
  }

  public ClassReport {
    disagreeing =
        disagreeing.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(disagreeing));
    repeats = Map.copyOf(repeats);
  }

  /**
   * Keybox's throughput over {@code peer}'s in {@code mode} over the repeats; when the class has no
   * repeats of that mode, the single measurement's ratio ({@link #UNPINNED} only).
   */
  public Repeats.Ratio ratioOverRepeats(String mode, SystemName peer) {
    Repeats of = repeats.get(mode);
    if (of != null) {
      return of.ratio(SystemName.KEYBOX, peer);
    }
    double single = mode.equals(UNPINNED) ? ratio(peer) : Double.NaN;
    return new Repeats.Ratio(single, single, single, Double.isNaN(single) ? 0 : 1);
  }

  /** How {@link #agreement} begins when the systems' answers differ. */
  public static final String DIFFER = "DIFFER: ";

  /**
   * Whether the systems answered the class's check requests differently: their throughputs then
   * measure different work, and their ratio means nothing until the difference is explained.
   */
  public boolean answersDiffer() {
    return !disagreeing.isEmpty();
  }

  /** Keybox's throughput divided by {@code other}'s, or NaN when either did not run. */
  public double ratio(SystemName other) {
    return ratio(SystemName.KEYBOX, other);
  }

  /**
   * {@code system}'s throughputs in {@code mode}, one per repeat, or its single measurement (for
   * {@link #UNPINNED}); empty when it did not run.
   */
  public List<Double> qpsOverRepeats(String mode, SystemName system) {
    Repeats of = repeats.get(mode);
    if (of != null) {
      return of.qps().getOrDefault(system, List.of());
    }
    SystemResult result = results.get(system);
    return mode.equals(UNPINNED) && result != null && !Double.isNaN(result.qps())
        ? List.of(result.qps())
        : List.of();
  }

  /** {@code system}'s throughput divided by {@code other}'s, or NaN when either did not run. */
  public double ratio(SystemName system, SystemName other) {
    SystemResult first = results.get(system);
    SystemResult peer = results.get(other);
    if (first == null || peer == null) {
      return Double.NaN;
    }
    return first.qps() / peer.qps();
  }

  /** This report with {@code openLoop} added. */
  public ClassReport withOpenLoop(OpenLoop openLoop) {
    return new ClassReport(
        queryClass, results, agreement, disagreeing, loadAverage, Optional.of(openLoop), repeats);
  }
}
