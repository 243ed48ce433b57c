package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.auth.SecretHash;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeysCommandTest {

  /** What one run printed and returned. */
  private record Run(int code, String out, String err) {}

  private static Run run(String stdin, String... args) {
    return run(stdin.getBytes(StandardCharsets.UTF_8), args);
  }

  private static Run run(byte[] stdin, String... args) {
    Commands.Result result = Commands.run(stdin, Map.of(), "keys", args);
    return new Run(result.code(), result.out(), result.err());
  }

  /** The help of {@code keys hash}, the one subcommand: what every help of {@code keys} prints. */
  private static String usage() {
    return Keybox.commandLine(Console.system())
        .getSubcommands()
        .get("keys")
        .getSubcommands()
        .get("hash")
        .getUsageMessage();
  }

  /** The one line printed, parsed; it must be a default-strength hash. */
  private static SecretHash printedHash(Run run) {
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    assertTrue(run.out().endsWith("\n"), run.out());
    String line = run.out().substring(0, run.out().length() - 1);
    assertFalse(line.contains("\n"), run.out());
    assertTrue(line.startsWith("pbkdf2-sha256$600000$"), line);
    return SecretHash.parse(line);
  }

  @Test
  void hashesTheSecretGivenAsArgument() {
    SecretHash hash = printedHash(run("", "hash", "s3cret: with spaces"));
    assertTrue(hash.matches("s3cret: with spaces"));
    assertFalse(hash.matches("s3cret"));
  }

  @Test
  void readsTheSecretFromTheFirstLineOfStdin() {
    SecretHash hash = printedHash(run("pässwörd\nsecond line\n", "hash"));
    assertTrue(hash.matches("pässwörd"));
  }

  @Test
  void stripsAWindowsLineEndingAndAcceptsNoLineEndingAtAll() {
    assertTrue(printedHash(run("crlf\r\n", "hash")).matches("crlf"));
    assertTrue(printedHash(run("bare", "hash")).matches("bare"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"--help", "-h", "help"})
  void helpPrintsUsageWithAnExample(String flag) {
    Run run = run("", flag);
    assertEquals(0, run.code());
    assertEquals(usage(), run.out());
    assertTrue(run.out().startsWith("Usage: keys hash [SECRET]\n"), run.out());
    assertTrue(run.out().contains("Example:"), run.out());
    assertEquals("", run.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"--help", "-h"})
  void hashHelpPrintsUsage(String flag) {
    Run run = run("", "hash", flag);
    assertEquals(0, run.code());
    assertEquals(usage(), run.out());
  }

  @Test
  void emptySecretArgumentIsRefused() {
    Run run = run("ignored\n", "hash", "");
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertEquals(
        "keys hash: the secret is empty; give it as an argument or on the first line of standard"
            + " input\n",
        run.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "\n", "\r\n", "\nsecret on the second line\n"})
  void emptyFirstLineOfStdinIsRefused(String stdin) {
    Run run = run(stdin, "hash");
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith("keys hash: the secret is empty;"), run.err());
  }

  @Test
  void stdinThatIsNotUtf8IsRefused() {
    Run run = run(new byte[] {'a', (byte) 0xFF, '\n'}, "hash");
    assertEquals(1, run.code());
    assertEquals("keys hash: standard input is not UTF-8 text\n", run.err());
  }

  @Test
  void unknownSubcommandIsOneLine() {
    Run run = run("", "rotate");
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertEquals(
        "keys: unknown subcommand 'rotate'; the only one is 'hash' (see 'keys --help')\n",
        run.err());
  }

  @Test
  void missingSubcommandIsOneLine() {
    Run run = run("");
    assertEquals(1, run.code());
    assertEquals("keys: missing subcommand; try 'keys hash' (see 'keys --help')\n", run.err());
  }

  @Test
  void twoSecretsAreRefused() {
    Run run = run("", "hash", "my", "secret");
    assertEquals(1, run.code());
    assertEquals(
        "keys hash: expected at most one SECRET, got 2 arguments (quote a secret that contains"
            + " spaces)\n",
        run.err());
  }

  @Test
  void overlongSecretIsRefused() {
    Run run = run("", "hash", "x".repeat(1025));
    assertEquals(1, run.code());
    assertEquals("keys hash: the secret is longer than 1024 characters\n", run.err());
  }
}
