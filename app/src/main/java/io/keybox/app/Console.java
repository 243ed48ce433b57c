package io.keybox.app;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.Objects;

/**
 * Where a command reads and writes, and the environment it sees: the process's own, or a test's.
 *
 * @param in standard input ({@code keys hash} reads a secret from it)
 * @param out the command's output: help, summaries, the server's startup lines and access log
 * @param err the one-line errors
 * @param env the environment ({@code serve} reads the keystore password from it)
 */
public record Console(InputStream in, PrintStream out, PrintStream err, Map<String, String> env) {
  public Console {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(err, "err");
    env = Map.copyOf(env);
  }

  /** The process's standard streams and environment. */
  public static Console system() {
    return new Console(System.in, System.out, System.err, System.getenv());
  }
}
