package io.keybox.bench.report;

import io.keybox.bench.SystemName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Throughput on the whole mix, comparing Keybox with a peer over the classes both ran.
 *
 * <p>The mix sends one request of each class in turn, so its throughput is the number of classes
 * divided by the time one request of each takes: {@code n / sum(1 / qps_c)} (the harmonic mean of
 * the per-class throughputs). A slow class weighs as much as it costs, and no class can hide
 * another. Every class of the mix counts once.
 *
 * <p>A class where the two answered the check requests differently is left out: their throughputs
 * there measure different work.
 *
 * @param peer the system compared with
 * @param classes the classes both ran, with the same answers
 * @param keyboxQps Keybox's mix throughput over those classes
 * @param peerQps the peer's
 * @param leftOut the classes both ran but answered differently
 */
public record MixComparison(
    SystemName peer, List<String> classes, double keyboxQps, double peerQps, List<String> leftOut) {

  /** Keybox's mix throughput divided by the peer's. */
  public double ratio() {
    return keyboxQps / peerQps;
  }

  /** The comparison of Keybox with {@code peer}, if both ran at least one class. */
  public static Optional<MixComparison> of(List<ClassReport> reports, SystemName peer) {
    List<String> classes = new ArrayList<>();
    List<String> leftOut = new ArrayList<>();
    double keyboxSeconds = 0;
    double peerSeconds = 0;
    for (ClassReport report : reports) {
      double k = qps(report, SystemName.KEYBOX);
      double p = qps(report, peer);
      if (!(k > 0 && p > 0)) {
        continue; // not run by both
      }
      if (report.disagreeing().contains(peer) || report.disagreeing().contains(SystemName.KEYBOX)) {
        leftOut.add(report.queryClass().name());
      } else {
        classes.add(report.queryClass().name());
        keyboxSeconds += 1 / k;
        peerSeconds += 1 / p;
      }
    }
    if (classes.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new MixComparison(
            peer,
            List.copyOf(classes),
            classes.size() / keyboxSeconds,
            classes.size() / peerSeconds,
            List.copyOf(leftOut)));
  }

  /** {@code system}'s own mix throughput over every class it ran, or NaN. */
  public static double mixQps(List<ClassReport> reports, SystemName system) {
    int n = 0;
    double seconds = 0;
    for (ClassReport report : reports) {
      double q = qps(report, system);
      if (q > 0) {
        n++;
        seconds += 1 / q;
      }
    }
    return n == 0 ? Double.NaN : n / seconds;
  }

  private static double qps(ClassReport report, SystemName system) {
    SystemResult result = report.results().get(system);
    return result == null || result.load().isEmpty() ? Double.NaN : result.qps();
  }
}
