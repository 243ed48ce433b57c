package io.keybox.app;

import io.keybox.app.cli.Range;
import picocli.CommandLine.Option;

/** The options of an index run that {@code index} and {@code pull} share, declared once. */
final class IndexRunOptions {
  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "parsing threads (default: the number of cores, here ${DEFAULT-VALUE})")
  @Range(min = 1, max = 256)
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(
      names = "--quiet",
      description =
          "no progress reports (default: off; a terminal shows one updating line, a log a line"
              + " every 10 s)")
  boolean quiet;
}
