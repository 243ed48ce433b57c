package io.keybox.bench.report;

import io.keybox.bench.SystemName;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One class run open loop ({@code --rate half}) after its closed-loop measurement: every system
 * sent the same requests at the same fixed rate, half of Keybox's closed-loop throughput of the
 * class, and each latency counts from the request's scheduled time (no coordinated omission).
 *
 * @param rate requests per second in all, over the clients
 * @param results each system's result at that rate, in report order
 */
public record OpenLoop(int rate, Map<SystemName, SystemResult> results) {
  public OpenLoop {
    results = results.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(results));
  }

  /**
   * The open-loop rate for a class Keybox answered at {@code keyboxQps} closed loop: half of it,
   * rounded down, at least 1.
   */
  public static int halfOf(double keyboxQps) {
    return (int) Math.max(1, Math.floor(keyboxQps / 2));
  }
}
