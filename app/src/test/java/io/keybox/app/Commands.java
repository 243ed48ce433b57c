package io.keybox.app;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs a {@code keybox} command line in this process, as the tests of the commands do. */
final class Commands {
  /** What a run returned and printed. */
  record Result(int code, String out, String err) {}

  private Commands() {}

  /** Runs {@code keybox COMMAND ARGS} with an empty standard input and no environment. */
  static Result run(String command, String... args) {
    return run(new byte[0], Map.of(), command, args);
  }

  /** Runs {@code keybox COMMAND ARGS} with {@code stdin} and {@code env}. */
  static Result run(byte[] stdin, Map<String, String> env, String command, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of(command.split(" ")));
    all.addAll(List.of(args));
    int code =
        Keybox.run(
            new Console(
                new ByteArrayInputStream(stdin),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                env),
            all.toArray(String[]::new));
    return new Result(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /**
   * The command line of {@code keybox COMMAND ARGS} in a child JVM of this one (its Java, its class
   * path): for the tests that kill a process.
   */
  static List<String> inChildJvm(String command, List<String> args) {
    List<String> line =
        new ArrayList<>(
            List.of(
                java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Keybox.class.getName(),
                command));
    line.addAll(args);
    return line;
  }
}
