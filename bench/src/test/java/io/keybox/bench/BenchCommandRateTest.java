package io.keybox.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code --rate}: a number of requests per second, or {@code half}. */
class BenchCommandRateTest {
  /** The options {@code args} give, as a run would read them. */
  static BenchOptions parse(String... args) {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    BenchCommand command = new BenchCommand(quiet, quiet);
    new CommandLine(command).parseArgs(args);
    return command.options();
  }

  @Test
  void halfMeasuresClosedLoopAndThenOpenLoopAtHalfLoad() {
    BenchOptions options = parse("--rate", "half");
    assertTrue(options.halfLoad());
    assertEquals(0, options.rate());
    assertTrue(parse("--rate", "HALF").halfLoad());
  }

  @Test
  void aNumberIsAFixedOpenLoopRateAsBefore() {
    BenchOptions options = parse("--rate", "250");
    assertFalse(options.halfLoad());
    assertEquals(250, options.rate());
    assertEquals(1_000, parse("--rate", "1,000").rate());
  }

  @Test
  void withoutRateTheClientsSendBackToBack() {
    BenchOptions options = parse();
    assertFalse(options.halfLoad());
    assertEquals(0, options.rate());
  }

  @Test
  void anythingElseIsAUsageError() {
    assertThrows(ParameterException.class, () -> parse("--rate", "fast"));
    assertThrows(ParameterException.class, () -> parse("--rate", "-1"));
    assertThrows(ParameterException.class, () -> parse("--rate", "1000001"));
  }
}
