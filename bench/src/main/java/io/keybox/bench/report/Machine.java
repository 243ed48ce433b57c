package io.keybox.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The machine a run measured: processors, CPU model, memory, JDK, OS, and the load average, since
 * on a shared machine the numbers mean little without it.
 *
 * @param processors processors available to the JVM
 * @param cpuModel the CPU model from /proc/cpuinfo, or "unknown"
 * @param memoryBytes total memory from /proc/meminfo, or -1
 * @param jdk vendor and version of the running JDK
 * @param os name, version and architecture
 */
public record Machine(int processors, String cpuModel, long memoryBytes, String jdk, String os) {

  /** This machine. */
  public static Machine describe() {
    return new Machine(
        Runtime.getRuntime().availableProcessors(),
        procLine("/proc/cpuinfo", "model name").orElse("unknown"),
        procLine("/proc/meminfo", "MemTotal")
            .map(v -> Long.parseLong(v.replaceAll("[^0-9]", "")) * 1024)
            .orElse(-1L),
        System.getProperty("java.vendor")
            + " "
            + System.getProperty("java.runtime.version")
            + " ("
            + System.getProperty("java.home")
            + ")",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
  }

  /** The 1-minute load average now, or -1 when unknown. */
  public static double loadAverage() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** One line for the report header. */
  public String summary() {
    return String.format(
        Locale.ROOT,
        "%d processors, %s, %.1f GiB RAM, JDK %s, %s",
        processors,
        cpuModel,
        memoryBytes / (1024.0 * 1024 * 1024),
        jdk,
        os);
  }

  private static java.util.Optional<String> procLine(String file, String key) {
    try {
      List<String> lines = Files.readAllLines(Path.of(file));
      for (String line : lines) {
        if (line.startsWith(key)) {
          return java.util.Optional.of(line.substring(line.indexOf(':') + 1).strip());
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return java.util.Optional.empty();
  }
}
