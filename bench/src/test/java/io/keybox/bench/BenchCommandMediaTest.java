package io.keybox.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.media.MediaBench;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code --media-only}: the media measurement on its own, with the run's other options. */
class BenchCommandMediaTest {
  private static MediaBench.Settings settings(String... args) {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    BenchCommand command = new BenchCommand(quiet, quiet);
    new CommandLine(command).parseArgs(args);
    return command.mediaSettings(command.options());
  }

  @Test
  void defaultsTo20000ListingsAnd8ClientsFor20SecondsIn4Rounds() {
    assertEquals(
        new MediaBench.Settings(
            20_000,
            42,
            8,
            20,
            5,
            4,
            Optional.empty(),
            Optional.of("512m"),
            false,
            1_000,
            "media.example.com"),
        settings("--media-only"));
  }

  @Test
  void takesListingsClientsDurationAndWorkDirFromTheCommandLine() {
    assertEquals(
        new MediaBench.Settings(
            5_000,
            42,
            4,
            10,
            2,
            2,
            Optional.of(Path.of("/tmp/m")),
            Optional.of("512m"),
            true,
            0,
            "127.0.0.1"),
        settings(
            "--media-only",
            "--profile",
            "--listings",
            "5,000",
            "--clients",
            "4",
            "--duration",
            "10",
            "--work-dir",
            "/tmp/m",
            "--distinct-listings",
            "0",
            "--media-host",
            "127.0.0.1"));
  }

  @Test
  void aMediaHostWithAPortOrASlashIsRefusedNamingTheOption() {
    ParameterException refused =
        assertThrows(
            ParameterException.class,
            () -> settings("--media-only", "--media-host", "localhost:8080"));
    assertEquals(
        "--media-host must be a host name or IPv4 address, without a port (got: 'localhost:8080')",
        refused.getMessage());
  }

  @Test
  void aNegativeDistinctListingsIsRefusedNamingTheOption() {
    ParameterException refused =
        assertThrows(
            ParameterException.class, () -> settings("--media-only", "--distinct-listings", "-5"));
    assertEquals(
        "--distinct-listings must be 0 (no resize rate) or more (got: -5)", refused.getMessage());
  }

  @Test
  void theHelpNamesTheOption() {
    ByteArrayOutputStream help = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(help, true, StandardCharsets.UTF_8);
    new CommandLine(new BenchCommand(out, out)).usage(out);
    String text = help.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("--media-only"), text);
    assertTrue(text.contains("--distinct-listings=N"), text);
    assertTrue(text.contains("--media-host=NAME"), text);
    assertTrue(text.contains("./run.sh bench --media-only --listings 20000"), text);
  }
}
