package io.keybox.bench.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * The hottest frames of a JFR recording's execution samples ({@code jdk.ExecutionSample}, the JVM's
 * asynchronous sampler): CPU time by package (self), the top methods by self time, and the top
 * methods by total time (a method counts once per sample it is on the stack of). What {@code jfr
 * print --events jdk.ExecutionSample} shows, summed up.
 */
public final class JfrSummary {
  private JfrSummary() {}

  /** The JVM options that make samples deep enough for the totals to be right. */
  public static final String STACK_DEPTH = "-XX:FlightRecorderOptions:stackdepth=256";

  /**
   * Summarises the samples of {@code recording} taken on threads whose name {@code threads}
   * accepts.
   *
   * @param top how many lines per table
   */
  public static String summarize(Path recording, Predicate<String> threads, int top)
      throws IOException {
    Map<String, Long> self = new HashMap<>();
    Map<String, Long> total = new HashMap<>();
    Map<String, Long> packages = new HashMap<>();
    long samples = 0;
    try (RecordingFile file = new RecordingFile(recording)) {
      while (file.hasMoreEvents()) {
        RecordedEvent event = file.readEvent();
        if (!event.getEventType().getName().equals("jdk.ExecutionSample")) {
          continue;
        }
        RecordedStackTrace stack = event.getStackTrace();
        var thread = event.getThread("sampledThread");
        if (stack == null
            || stack.getFrames().isEmpty()
            || (thread != null && !threads.test(String.valueOf(thread.getJavaName())))) {
          continue;
        }
        samples++;
        List<RecordedFrame> frames = stack.getFrames();
        String top0 = name(frames.get(0));
        self.merge(top0, 1L, Long::sum);
        packages.merge(component(frames.get(0)), 1L, Long::sum);
        Set<String> seen = new HashSet<>();
        for (RecordedFrame frame : frames) {
          String name = name(frame);
          if (seen.add(name)) {
            total.merge(name, 1L, Long::sum);
          }
        }
      }
    }
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%,d execution samples%n", samples));
    table(out, "self time by package", packages, samples, top);
    table(out, "self time by method", self, samples, top);
    table(out, "total time by method (on the stack)", total, samples, top + 10);
    return out.toString();
  }

  private static void table(
      StringBuilder out, String title, Map<String, Long> counts, long samples, int top) {
    out.append("  ").append(title).append(':').append(System.lineSeparator());
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(top)
        .forEach(
            e ->
                out.append(
                    String.format(
                        Locale.ROOT,
                        "    %5.1f%%  %s%n",
                        100.0 * e.getValue() / Math.max(1, samples),
                        e.getKey())));
  }

  private static String name(RecordedFrame frame) {
    return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
  }

  /** The first three segments of the frame's class's package, e.g. {@code org.apache.lucene}. */
  private static String component(RecordedFrame frame) {
    String type = frame.getMethod().getType().getName();
    String[] parts = type.split("\\.");
    int n = Math.min(parts.length - 1, type.startsWith("org.apache.lucene") ? 4 : 3);
    return String.join(".", java.util.Arrays.copyOf(parts, Math.max(1, n)));
  }
}
