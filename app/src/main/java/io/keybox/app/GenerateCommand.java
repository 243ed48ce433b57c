package io.keybox.generator;

import io.keybox.schema.VendorName;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The {@code generate} subcommand (OPERATIONS.md §2): writes a realistic synthetic native feed dump
 * for one vendor.
 *
 * <pre>
 * generate --out DIR --listings N [--seed S] [--vendor NAME]
 * </pre>
 *
 * <p>Exit codes: 0 success (one summary line on {@code out}); 1 bad arguments; 2 I/O failure. Every
 * failure prints one line on {@code err} saying what went wrong and what to do.
 */
public final class GenerateCommand {
  static final int OK = 0;
  static final int BAD_INPUT = 1;
  static final int IO_FAILURE = 2;

  private static final String USAGE =
      """
      Usage: ./run.sh generate --out DIR --listings N [--seed S] [--vendor NAME]

      Writes a realistic, deterministic synthetic feed dump of a Houston-like metro into DIR:
        %s, %s, %s (gzip NDJSON in the API's shapes).
      The same arguments always produce byte-identical files.

      Options:
        --out DIR        directory to write into; created if missing (required, no default)
        --listings N     number of listings, %d to %d (required, no default)
        --seed S         random seed, any 64-bit integer (default: %d)
        --vendor NAME    vendor name, a-z, 0-9, '-' and '_' (default: %s); it labels photo
                         and tour URLs, mls.originatingSystemName and the disclaimer
        --help           print this help and exit

      Example:
        ./run.sh generate --out /tmp/feed --listings 100000 --seed 42 --vendor houston
      """;

  private GenerateCommand() {}

  /** Runs the command with {@code args} (the options after {@code generate}) and exits. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the command.
   *
   * @param args the arguments after the subcommand name
   * @param out where the help and the summary line go
   * @param err where the one-line error message goes
   * @return the exit code: 0 success, 1 bad arguments, 2 I/O failure
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("generate: " + e.getMessage() + "; see --help");
      return BAD_INPUT;
    }
    if (options.help()) {
      out.print(help());
      return OK;
    }
    return generate(options, out, err);
  }

  /**
   * Checks {@code args} as {@link #run} would, without writing anything (used to check the command
   * lines in the docs).
   *
   * @throws IllegalArgumentException naming the option that is wrong
   */
  public static void checkArguments(String[] args) {
    Options.parse(args);
  }

  /** The --help text: every option with its default, and an example. */
  static String help() {
    return String.format(
        Locale.ROOT,
        USAGE,
        FeedGenerator.LISTINGS_FILE,
        FeedGenerator.OPEN_HOUSES_FILE,
        FeedGenerator.AGENTS_FILE,
        GeneratorConfig.MIN_LISTINGS,
        GeneratorConfig.MAX_LISTINGS,
        GeneratorConfig.DEFAULT_SEED,
        GeneratorConfig.DEFAULT_VENDOR);
  }

  private static int generate(Options options, PrintStream out, PrintStream err) {
    GeneratorConfig config =
        new GeneratorConfig(options.listings(), options.seed(), options.vendor());
    Path dir = options.out();
    long started = System.nanoTime();
    GenerationSummary summary;
    try {
      summary = new FeedGenerator(config).writeDirectory(dir);
    } catch (IOException | UncheckedIOException e) {
      err.println(
          "generate: cannot write the feed into "
              + dir
              + ": "
              + describe(e)
              + "; check that the directory is writable and has free space");
      return IO_FAILURE;
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    out.printf(
        Locale.ROOT,
        "generate: wrote %d listings, %d open houses, %d agents (%d offices) into %s: %s, %s, %s"
            + " in %.1f s%n",
        summary.listings(),
        summary.openHouses(),
        summary.agents(),
        summary.offices(),
        dir,
        fileSize(dir, FeedGenerator.LISTINGS_FILE),
        fileSize(dir, FeedGenerator.OPEN_HOUSES_FILE),
        fileSize(dir, FeedGenerator.AGENTS_FILE),
        seconds);
    return OK;
  }

  private static String describe(Exception e) {
    Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
    if (cause instanceof FileAlreadyExistsException f) {
      return f.getFile() + " exists and is not a directory";
    }
    if (cause instanceof NoSuchFileException f) {
      return "no such file or directory: " + f.getFile();
    }
    if (cause instanceof AccessDeniedException f) {
      return "permission denied: " + f.getFile();
    }
    String message = cause.getMessage();
    return message == null ? cause.getClass().getSimpleName() : message;
  }

  private static String fileSize(Path dir, String name) {
    try {
      return String.format(
          Locale.ROOT, "%s %.1f MB", name, Files.size(dir.resolve(name)) / (1024.0 * 1024.0));
    } catch (IOException e) {
      return name;
    }
  }

  /** Parsed command-line options; {@code help} wins over everything else. */
  record Options(Path out, long listings, long seed, String vendor, boolean help) {

    /**
     * Parses {@code --name value} and {@code --name=value} options.
     *
     * @throws IllegalArgumentException with a message naming the option, the bad value and what is
     *     allowed
     */
    static Options parse(String[] args) {
      String out = null;
      String listings = null;
      String seed = null;
      String vendor = null;
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        if (arg.equals("--help") || arg.equals("-h")) {
          return new Options(null, 0, 0, null, true);
        }
        String name = arg;
        String value = null;
        int eq = arg.indexOf('=');
        if (arg.startsWith("--") && eq > 0) {
          name = arg.substring(0, eq);
          value = arg.substring(eq + 1);
        }
        if (!name.equals("--out")
            && !name.equals("--listings")
            && !name.equals("--seed")
            && !name.equals("--vendor")) {
          throw new IllegalArgumentException(
              "unknown option '" + arg + "'; allowed: --out, --listings, --seed, --vendor, --help");
        }
        if (value == null) {
          if (i + 1 >= args.length) {
            throw new IllegalArgumentException(name + ": missing value; " + allowed(name));
          }
          value = args[++i];
        }
        switch (name) {
          case "--out" -> out = value;
          case "--listings" -> listings = value;
          case "--seed" -> seed = value;
          default -> vendor = value;
        }
      }
      if (out == null || out.isBlank()) {
        throw new IllegalArgumentException("--out is required (" + allowed("--out") + ")");
      }
      if (listings == null) {
        throw new IllegalArgumentException(
            "--listings is required (" + allowed("--listings") + ")");
      }
      Path outPath;
      try {
        outPath = Path.of(out);
      } catch (InvalidPathException e) {
        throw new IllegalArgumentException("--out: '" + out + "' is not a valid path", e);
      }
      long n = number("--listings", listings);
      if (n < GeneratorConfig.MIN_LISTINGS || n > GeneratorConfig.MAX_LISTINGS) {
        throw new IllegalArgumentException(
            "--listings: " + n + " is out of range; " + allowed("--listings"));
      }
      long s = seed == null ? GeneratorConfig.DEFAULT_SEED : number("--seed", seed);
      String v = vendor == null ? GeneratorConfig.DEFAULT_VENDOR : vendor;
      if (!VendorName.isValid(v)) {
        throw new IllegalArgumentException(
            "--vendor: '" + v + "' is not allowed; " + allowed("--vendor"));
      }
      return new Options(outPath, n, s, v, false);
    }

    private static long number(String name, String value) {
      try {
        return Long.parseLong(value.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            name + ": '" + value + "' is not a whole number; " + allowed(name), e);
      }
    }

    private static String allowed(String name) {
      return switch (name) {
        case "--out" -> "expected --out DIR, the directory to write the feed files into";
        case "--listings" ->
            "allowed: a whole number from "
                + GeneratorConfig.MIN_LISTINGS
                + " to "
                + GeneratorConfig.MAX_LISTINGS;
        case "--seed" ->
            "allowed: a whole number (64-bit), default " + GeneratorConfig.DEFAULT_SEED;
        default ->
            "allowed: 1-64 characters of a-z, 0-9, '-' and '_', starting with a letter or"
                + " digit, default "
                + GeneratorConfig.DEFAULT_VENDOR;
      };
    }
  }
}
