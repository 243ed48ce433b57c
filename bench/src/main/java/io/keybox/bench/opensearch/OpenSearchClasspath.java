package io.keybox.bench.opensearch;

import io.keybox.bench.keybox.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The OpenSearch node's jars, resolved by Maven from {@code bench/opensearch/pom.xml} (Maven
 * Central only) into {@code bench/target/opensearch-node/}, apart from every Keybox classpath, and
 * reused while that pom is unchanged.
 *
 * @param jars the node's jars: the server, its libraries and the HTTP module's
 * @param version the OpenSearch version the pom pins
 */
public record OpenSearchClasspath(List<Path> jars, String version) {
  /** The pom of the node's classpath, relative to the checkout's root. */
  static final Path POM = Path.of("bench", "opensearch", "pom.xml");

  private static final Pattern VERSION =
      Pattern.compile("<opensearch\\.version>([^<]+)</opensearch\\.version>");

  /**
   * Resolves the node's jars with the checkout's Maven wrapper, or reuses them when the pom has not
   * changed since.
   *
   * @param log where Maven's output goes
   * @throws IOException when the bench does not run inside a Keybox checkout, or Maven fails
   */
  public static OpenSearchClasspath resolve(Path log) throws IOException {
    Path root =
        checkoutRoot(Path.of(System.getProperty("user.dir")))
            .orElseThrow(
                () ->
                    new IOException(
                        "no Keybox checkout above "
                            + System.getProperty("user.dir")
                            + " (the OpenSearch node's classpath is resolved from "
                            + POM
                            + " with ./mvnw)"));
    Path pom = root.resolve(POM);
    String pomText = Files.readString(pom, StandardCharsets.UTF_8);
    String version = version(pomText);
    Path dir = root.resolve("bench").resolve("target").resolve("opensearch-node");
    Path marker = dir.resolve("resolved-from.pom");
    boolean fresh =
        Files.exists(marker) && Files.readString(marker, StandardCharsets.UTF_8).equals(pomText);
    if (!fresh) {
      Files.createDirectories(dir);
      Files.deleteIfExists(marker);
      try (Stream<Path> old = Files.list(dir)) {
        for (Path jar : old.filter(p -> p.toString().endsWith(".jar")).toList()) {
          Files.delete(jar);
        }
      }
      List<String> command =
          List.of(
              root.resolve("mvnw").toString(),
              "-B",
              "-q",
              "-f",
              pom.toString(),
              "dependency:copy-dependencies",
              "-DoutputDirectory=" + dir);
      ProcessBuilder maven = new ProcessBuilder(command).directory(root.toFile());
      // OpenSearch 3 needs Java 21+: Maven runs on the bench's own JDK.
      maven.environment().put("JAVA_HOME", System.getProperty("java.home"));
      int exit = run(maven, log);
      if (exit != 0) {
        throw new IOException(
            "resolving the OpenSearch node's jars failed (exit "
                + exit
                + "); the log ends:\n"
                + ChildJvm.tail(log, 15));
      }
      Files.writeString(marker, pomText, StandardCharsets.UTF_8);
    }
    List<Path> jars = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      files.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(jars::add);
    }
    return new OpenSearchClasspath(List.copyOf(jars), version);
  }

  /** The OpenSearch version pinned in the pom's {@code opensearch.version} property. */
  static String version(String pomText) throws IOException {
    Matcher m = VERSION.matcher(pomText);
    if (!m.find()) {
      throw new IOException(POM + " has no <opensearch.version> property");
    }
    return m.group(1).strip();
  }

  /** The nearest directory at or above {@code start} holding {@link #POM} and {@code mvnw}. */
  static Optional<Path> checkoutRoot(Path start) {
    for (Path dir = start.toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve(POM)) && Files.isRegularFile(dir.resolve("mvnw"))) {
        return Optional.of(dir);
      }
    }
    return Optional.empty();
  }

  private static int run(ProcessBuilder builder, Path log) throws IOException {
    Process process =
        builder
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    try {
      if (!process.waitFor(15, java.util.concurrent.TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IOException("resolving the OpenSearch node's jars took over 15 minutes");
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
