package io.keybox.bench;

import io.keybox.bench.report.JsonReport;
import io.keybox.bench.report.RunReport;
import io.keybox.bench.report.TextReport;
import io.keybox.schema.cli.CommandLine.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;

/**
 * {@code ./run.sh bench}: the benchmark of the issue "Benchmark and speed" (bench/README.md). Exit
 * codes: 0 done, 1 bad arguments, 2 a step of the run failed.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the bench: progress lines on {@code err}, the report on {@code out}.
   *
   * @return the exit code
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Optional<BenchOptions> options;
    try {
      options = BenchOptions.parse(args);
    } catch (UsageException e) {
      err.println("keybox bench: " + e.getMessage() + " (see --help)");
      return 1;
    }
    if (options.isEmpty()) {
      out.print(BenchOptions.help());
      return 0;
    }
    RunReport report;
    try {
      report = new BenchRun(options.get(), err).run();
    } catch (IllegalArgumentException e) {
      err.println("keybox bench: " + e.getMessage());
      return 1;
    } catch (Exception e) {
      err.println("keybox bench: failed: " + e);
      e.printStackTrace(err);
      return 2;
    }
    TextReport.print(report, out);
    if (options.get().out().isPresent()) {
      try {
        JsonReport.write(report, options.get().out().get());
        err.println("keybox bench: JSON report written to " + options.get().out().get());
      } catch (IOException e) {
        err.println(
            "keybox bench: cannot write " + options.get().out().get() + ": " + e.getMessage());
        return 2;
      }
    }
    return 0;
  }
}
