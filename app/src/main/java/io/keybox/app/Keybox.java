package io.keybox.app;

import io.keybox.app.cli.Cli;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Wording;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one {@code keybox} command (OPERATIONS.md §2) and the main of {@code keybox.jar}: {@code
 * serve}, {@code index}, {@code pull}, {@code keys hash}, {@code generate}, {@code demo} and {@code
 * version}, each with {@code --help}. This module only parses, checks and calls: the work is the
 * server's, the indexer's and the generator's.
 *
 * <pre>
 * java -jar keybox.jar serve --data-dir /srv/keybox --port 8080
 * int exitCode = Keybox.run(console, "index", "--data-dir", dir, ...);  // in-process (tests)
 * </pre>
 *
 * <p>Exit codes: 0 success, 1 bad input (arguments, a refused dump, a bad keys or TLS file), 2 I/O
 * or internal failure; every failure prints one line. An exit-2 failure's stack trace goes to the
 * log (standard error, the journal under systemd); {@code --debug} prints any failure's.
 */
@Command(
    name = "keybox",
    synopsisSubcommandLabel = "COMMAND",
    customSynopsis = "keybox COMMAND [OPTIONS]",
    descriptionHeading = "%n",
    description = {
      "The Keybox listings search server: serve the API, index a feed dump, hash a key's secret,",
      "write a synthetic feed, or serve a demo. Each command takes --help."
    },
    optionListHeading = "%nOptions:%n",
    commandListHeading = "%nCommands:%n",
    subcommands = {
      ServeCommand.class,
      IndexCommand.class,
      PullCommand.class,
      PublishCommand.class,
      KeysCommand.class,
      GenerateCommand.class,
      DemoCommand.class,
      VersionCommand.class
    },
    versionProvider = BuildInfo.Provider.class)
public final class Keybox implements Runnable, Wording {
  /** What each command does, for {@code keybox --help}. */
  private static final Map<String, String> SUMMARIES =
      Map.of(
          "serve", "serve the API over every vendor index under a data directory",
          "index", "build a vendor's index from a feed dump and publish it",
          "pull", "pull a vendor's records from an MLS's RESO Web API and index them",
          "publish", "upload a vendor's commit to an object store for query nodes",
          "keys", "keys hash: print a secret's hash for the keys file",
          "generate", "write a realistic synthetic feed dump",
          "demo", "serve a generated demo index with the demo key (the demo of ./run.sh)",
          "version", "print the version, commit, Lucene version and JDK");

  /**
   * XNIO logs its version at INFO when its classes load: two lines of every server start that say
   * nothing to an operator (the jar's version is {@code keybox version}'s). Warnings still show.
   * Held here, as JUL keeps loggers only weakly.
   */
  private static final Logger XNIO_LOG = quiet("org.xnio");

  @Spec CommandSpec spec;

  @Mixin HelpOption help;

  @Option(
      names = Cli.DEBUG,
      scope = ScopeType.INHERIT,
      description = "on a failure, print its stack trace before the line (default: off)")
  boolean debug;

  @Option(
      names = "--version",
      versionHelp = true,
      description = "print the version, commit, Lucene version and JDK, and exit")
  boolean version;

  private final Console console;

  private Keybox(Console console) {
    this.console = console;
  }

  /** Runs the command line {@code args} and exits with its code (a server runs until stopped). */
  public static void main(String[] args) {
    CommandLine line = commandLine(Console.system());
    int code = line.execute(args);
    // serve and demo return 0 once the JVM is shutting down (SIGTERM, Ctrl-C), or after --help; an
    // exit
    // then would wait for the shutdown already under way, and nothing else keeps the JVM up.
    if (code != Cli.OK || !(ran(line, "serve") || ran(line, "demo"))) {
      System.exit(code);
    }
  }

  private static Logger quiet(String name) {
    Logger logger = Logger.getLogger(name);
    logger.setLevel(Level.WARNING);
    return logger;
  }

  /** Whether the command line that {@code line} ran named the subcommand {@code name}. */
  private static boolean ran(CommandLine line, String name) {
    ParseResult result = line.getParseResult();
    return result != null
        && result.subcommand() != null
        && result.subcommand().commandSpec().name().equals(name);
  }

  /**
   * Runs {@code args} in this process against {@code console}.
   *
   * @return the exit code
   */
  public static int run(Console console, String... args) {
    return commandLine(console).execute(args);
  }

  /**
   * Checks {@code args} as a run would, without running them or touching any file (used to check
   * the command lines of the docs).
   *
   * @throws ParameterException naming the option that is wrong
   */
  public static void check(String... args) {
    Cli.check(commandLine(Console.system()), args);
  }

  /** The configured command line of {@code keybox} writing to {@code console}. */
  static CommandLine commandLine(Console console) {
    CommandLine line = new CommandLine(new Keybox(console));
    line.setOut(new PrintWriter(console.out(), true));
    line.setErr(new PrintWriter(console.err(), true));
    Cli.configure(line);
    KeysCommand.install(line.getSubcommands().get("keys"));
    line.getHelpSectionMap()
        .put(
            UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
            help -> {
              StringBuilder list = new StringBuilder();
              help.subcommands()
                  .keySet()
                  .forEach(
                      name ->
                          list.append(
                              String.format(
                                  "  %-10s%s%n", name, SUMMARIES.getOrDefault(name, ""))));
              return list.toString();
            });
    return line;
  }

  /** Where the commands read and write. */
  Console console() {
    return console;
  }

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "missing command; allowed: " + String.join(", ", commands()));
  }

  @Override
  public String errorPrefix() {
    return "keybox";
  }

  @Override
  public Optional<String> specific(ParameterException e) {
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      return Optional.of(
          "unknown command '"
              + u.getUnmatched().get(0)
              + "'; allowed: "
              + String.join(", ", commands()));
    }
    return Optional.empty();
  }

  private List<String> commands() {
    return List.copyOf(spec.subcommands().keySet());
  }
}
