package io.keybox.bench;

import io.keybox.app.cli.Cli;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * {@code ./run.sh bench}: the benchmark of the issue "Benchmark and speed" (bench/README.md), its
 * own main beside {@code keybox.jar}, with the same command-line conventions ({@link Cli}). Exit
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
    CommandLine line = new CommandLine(new BenchCommand(out, err));
    line.setOut(new PrintWriter(out, true));
    line.setErr(new PrintWriter(err, true));
    return Cli.configure(line).execute(args);
  }
}
