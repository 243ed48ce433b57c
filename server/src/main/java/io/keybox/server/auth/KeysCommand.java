package io.keybox.server.auth;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code keys}: the command line's tools for the keys file (OPERATIONS.md §2).
 *
 * <pre>
 * keys hash SECRET     prints the hash of SECRET for the keys file's "secretHash"
 * keys hash            the same, reading the secret from the first line of standard input
 * </pre>
 *
 * <p>Exit codes: 0 success, 1 bad arguments or input, 2 internal failure; a failure prints one line
 * to {@code err}.
 */
public final class KeysCommand {

  static final String USAGE =
      """
      Usage: keys hash [SECRET]

      Prints a salted PBKDF2-SHA256 hash of SECRET for the "secretHash" of a keys file entry.
      Without SECRET, reads the secret from the first line of standard input (preferred: a secret
      given as an argument ends up in the shell history and the process list).

      Arguments and options:
        SECRET    the secret to hash (default: the first line of standard input)
        --help    this text

      Example:
        $ printf '%s\\n' 'my-long-random-secret' | ./run.sh keys hash
        pbkdf2-sha256$600000$...$...

      Then, in the keys file given to 'serve --keys FILE':
        { "keys": [
          { "key": "acme", "secretHash": "pbkdf2-sha256$600000$...$...",
            "vendors": ["houston"], "addons": ["agents"],
            "rateLimit": { "perSecond": 50, "burst": 100 } } ] }
      """;

  private static final int MAX_SECRET_CHARS = 1024;

  private KeysCommand() {}

  /**
   * Runs {@code keys} with the arguments that follow it on the command line.
   *
   * @return the exit code
   */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    List<String> rest = List.of(args);
    if (rest.isEmpty()) {
      err.println("keys: missing subcommand; try 'keys hash' (see 'keys --help')");
      return 1;
    }
    if (isHelp(rest.get(0))) {
      out.print(USAGE);
      return 0;
    }
    if (!rest.get(0).equals("hash")) {
      err.println(
          "keys: unknown subcommand '"
              + rest.get(0)
              + "'; the only one is 'hash' (see 'keys --help')");
      return 1;
    }
    rest = rest.subList(1, rest.size());
    if (rest.contains("--help") || rest.contains("-h")) {
      out.print(USAGE);
      return 0;
    }
    if (rest.size() > 1) {
      err.println(
          "keys hash: expected at most one SECRET, got "
              + rest.size()
              + " arguments (quote a secret that contains spaces)");
      return 1;
    }
    String secret;
    if (rest.size() == 1) {
      secret = rest.get(0);
    } else {
      try {
        secret = firstLine(in);
      } catch (CharacterCodingException e) {
        err.println("keys hash: standard input is not UTF-8 text");
        return 1;
      } catch (IOException e) {
        err.println("keys hash: cannot read the secret from standard input: " + e.getMessage());
        return 2;
      }
    }
    if (secret.isEmpty()) {
      err.println(
          "keys hash: the secret is empty; give it as an argument or on the first line of standard"
              + " input");
      return 1;
    }
    if (secret.length() > MAX_SECRET_CHARS) {
      err.println("keys hash: the secret is longer than " + MAX_SECRET_CHARS + " characters");
      return 1;
    }
    out.println(SecretHash.create(secret).encoded());
    return 0;
  }

  private static boolean isHelp(String arg) {
    return arg.equals("--help") || arg.equals("-h") || arg.equals("help");
  }

  /** The first line of {@code in} without its line terminator; empty at end of input. */
  private static String firstLine(InputStream in) throws IOException {
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()));
    String line = reader.readLine();
    return line == null ? "" : line;
  }
}
