package io.keybox.app;

import io.keybox.app.cli.CommandFailure;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Wording;
import io.keybox.server.auth.SecretHash;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code keybox keys}: the tools for the keys file (OPERATIONS.md §2). Its one subcommand is {@code
 * hash}, and its help is that of {@code hash}.
 *
 * <pre>
 * keys hash SECRET     prints the hash of SECRET for the keys file's "secretHash"
 * keys hash            the same, reading the secret from the first line of standard input
 * </pre>
 */
@Command(
    name = "keys",
    subcommands = {KeysCommand.Hash.class, HelpCommand.class})
final class KeysCommand implements Runnable, Wording {
  /** The one section of {@code keys}'s help: all of {@code keys hash}'s. */
  private static final String WHOLE_HELP = "keysHash";

  @Spec CommandSpec spec;

  @ParentCommand Keybox keybox;

  @Mixin HelpOption help;

  /** {@code keys}'s help is {@code keys hash}'s, the only thing it does. */
  static void install(CommandLine keys) {
    CommandLine hash = keys.getSubcommands().get("hash");
    // On keys's own spec: CommandLine.setHelpSectionKeys would pass the one section on to hash.
    keys.getCommandSpec().usageMessage().sectionKeys(List.of(WHOLE_HELP));
    keys.getHelpSectionMap().put(WHOLE_HELP, help -> hash.getUsageMessage());
    // A secret may start with a dash: whatever is not --help is the secret.
    hash.setUnmatchedOptionsArePositionalParams(true);
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "missing subcommand; try 'keys hash'");
  }

  @Override
  public String errorPrefix() {
    return "keys";
  }

  @Override
  public String usageError(String problem) {
    return "keys: " + problem + " (see 'keys --help')";
  }

  @Override
  public Optional<String> specific(ParameterException e) {
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      return Optional.of(
          "unknown subcommand '" + u.getUnmatched().get(0) + "'; the only one is 'hash'");
    }
    return Optional.empty();
  }

  /** {@code keys hash [SECRET]}: prints a salted hash of the secret for the keys file. */
  @Command(
      name = "hash",
      customSynopsis = "keys hash [SECRET]",
      descriptionHeading = "%n",
      description = {
        "Prints a salted PBKDF2-SHA256 hash of SECRET for the \"secretHash\" of a keys file entry.",
        "Without SECRET, reads the secret from the first line of standard input (preferred: a"
            + " secret",
        "given as an argument ends up in the shell history and the process list)."
      },
      optionListHeading = "%nArguments and options:%n",
      footerHeading = "%nExample:%n",
      footer = {
        "  $ printf '%%s\\n' 'my-long-random-secret' | ./run.sh keys hash",
        "  pbkdf2-sha256$600000$...$...",
        "",
        "Then, in the keys file given to 'serve --keys FILE':",
        "  { \"keys\": [",
        "    { \"key\": \"acme\", \"secretHash\": \"pbkdf2-sha256$600000$...$...\",",
        "      \"vendors\": [\"houston\"], \"addons\": [\"agents\"],",
        "      \"rateLimit\": { \"perSecond\": 50, \"burst\": 100 } } ] }"
      })
  static final class Hash implements Callable<Integer>, Wording {
    private static final int MAX_SECRET_CHARS = 1024;

    @Spec CommandSpec spec;

    @ParentCommand KeysCommand keys;

    @Parameters(
        arity = "0..1",
        paramLabel = "SECRET",
        description = "the secret to hash (default: the first line of standard input)")
    String secret;

    @Mixin HelpOption help;

    @Override
    public String errorPrefix() {
      return "keys hash";
    }

    @Override
    public String usageError(String problem) {
      return "keys hash: " + problem;
    }

    @Override
    public Optional<String> specific(ParameterException e) {
      if (e instanceof UnmatchedArgumentException u) {
        return Optional.of(
            "expected at most one SECRET, got "
                + (1 + u.getUnmatched().size())
                + " arguments (quote a secret that contains spaces)");
      }
      return Optional.empty();
    }

    @Override
    public Integer call() {
      Console console = keys.keybox.console();
      String value = secret != null ? secret : firstLine(console.in());
      if (value.isEmpty()) {
        throw new ParameterException(
            spec.commandLine(),
            "the secret is empty; give it as an argument or on the first line of standard input");
      }
      if (value.length() > MAX_SECRET_CHARS) {
        throw new ParameterException(
            spec.commandLine(), "the secret is longer than " + MAX_SECRET_CHARS + " characters");
      }
      console.out().println(SecretHash.create(value).encoded());
      return 0;
    }

    /** The first line of {@code in} without its line terminator; empty at end of input. */
    private static String firstLine(InputStream in) {
      try {
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()));
        String line = reader.readLine();
        return line == null ? "" : line;
      } catch (CharacterCodingException e) {
        throw CommandFailure.badInput("standard input is not UTF-8 text", e);
      } catch (IOException e) {
        throw CommandFailure.failure(
            "cannot read the secret from standard input: " + e.getMessage(), e);
      }
    }
  }
}
