package io.keybox.app;

import io.keybox.app.cli.Checked;
import io.keybox.app.cli.CommandFailure;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Range;
import io.keybox.app.cli.Wording;
import io.keybox.generator.FeedGenerator;
import io.keybox.generator.GenerationSummary;
import io.keybox.generator.GeneratorConfig;
import io.keybox.schema.VendorName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code keybox generate} (OPERATIONS.md §2): writes a realistic synthetic native feed dump for one
 * vendor with the {@link FeedGenerator}. Exit codes: 0 success (one summary line); 1 bad arguments;
 * 2 I/O failure.
 */
@Command(
    name = "generate",
    customSynopsis = "./run.sh generate --out DIR --listings N [--seed S] [--vendor NAME]",
    descriptionHeading = "%n",
    description = {
      "Writes a realistic, deterministic synthetic feed dump of a Houston-like metro into DIR:",
      "  "
          + FeedGenerator.LISTINGS_FILE
          + ", "
          + FeedGenerator.OPEN_HOUSES_FILE
          + ", "
          + FeedGenerator.AGENTS_FILE
          + " (gzip NDJSON in the API's shapes).",
      "The same arguments always produce byte-identical files."
    },
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExample:%n",
    footer = "  ./run.sh generate --out /tmp/feed --listings 100000 --seed 42 --vendor houston")
final class GenerateCommand implements Callable<Integer>, Checked, Wording {
  @Spec CommandSpec spec;

  @ParentCommand Keybox keybox;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      required = true,
      description = "directory to write into; created if missing (required, no default)")
  Path out;

  @Option(
      names = "--listings",
      paramLabel = "N",
      required = true,
      description =
          "number of listings, "
              + GeneratorConfig.MIN_LISTINGS
              + " to "
              + GeneratorConfig.MAX_LISTINGS
              + " (required, no default)")
  @Range(min = GeneratorConfig.MIN_LISTINGS, max = GeneratorConfig.MAX_LISTINGS)
  long listings;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "random seed, any 64-bit integer (default: ${DEFAULT-VALUE})")
  long seed = GeneratorConfig.DEFAULT_SEED;

  @Option(
      names = "--vendor",
      paramLabel = "NAME",
      description =
          "vendor name, a-z, 0-9, '-' and '_' (default: ${DEFAULT-VALUE}); it labels photo and"
              + " tour URLs, mls.originatingSystemName and the disclaimer")
  String vendor = GeneratorConfig.DEFAULT_VENDOR;

  @Mixin HelpOption help;

  // generate's lines have always read "generate: --option: problem; allowed: ...; see --help".

  @Override
  public String errorPrefix() {
    return "generate";
  }

  @Override
  public String usageError(String problem) {
    return "generate: " + problem + "; see --help";
  }

  @Override
  public String required(String option) {
    return option + " is required (" + allowed(option) + ")";
  }

  @Override
  public String missingValue(String option) {
    return option + ": missing value; " + allowed(option);
  }

  @Override
  public String notAWholeNumber(String option, String value, Optional<Range> range) {
    return option + ": '" + value + "' is not a whole number; " + allowed(option);
  }

  @Override
  public String outOfRange(String option, String value, Range range) {
    return option + ": " + value + " is out of range; " + allowed(option);
  }

  private static String allowed(String option) {
    return switch (option) {
      case "--out" -> "expected --out DIR, the directory to write the feed files into";
      case "--listings" ->
          "allowed: a whole number from "
              + GeneratorConfig.MIN_LISTINGS
              + " to "
              + GeneratorConfig.MAX_LISTINGS;
      case "--seed" -> "allowed: a whole number (64-bit), default " + GeneratorConfig.DEFAULT_SEED;
      default ->
          "allowed: 1-64 characters of a-z, 0-9, '-' and '_', starting with a letter or"
              + " digit, default "
              + GeneratorConfig.DEFAULT_VENDOR;
    };
  }

  @Override
  public void check() {
    if (out.toString().isBlank()) {
      throw new ParameterException(spec.commandLine(), required("--out"));
    }
    if (!VendorName.isValid(vendor)) {
      throw new ParameterException(
          spec.commandLine(), "--vendor: '" + vendor + "' is not allowed; " + allowed("--vendor"));
    }
  }

  @Override
  public Integer call() {
    check();
    long started = System.nanoTime();
    GenerationSummary summary;
    try {
      summary = new FeedGenerator(new GeneratorConfig(listings, seed, vendor)).writeDirectory(out);
    } catch (IOException | UncheckedIOException e) {
      throw CommandFailure.failure(
          "cannot write the feed into "
              + out
              + ": "
              + describe(e)
              + "; check that the directory is writable and has free space",
          e);
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    keybox
        .console()
        .out()
        .printf(
            Locale.ROOT,
            "generate: wrote %d listings, %d open houses, %d agents (%d offices) into %s: %s, %s,"
                + " %s in %.1f s%n",
            summary.listings(),
            summary.openHouses(),
            summary.agents(),
            summary.offices(),
            out,
            fileSize(FeedGenerator.LISTINGS_FILE),
            fileSize(FeedGenerator.OPEN_HOUSES_FILE),
            fileSize(FeedGenerator.AGENTS_FILE),
            seconds);
    return 0;
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

  private String fileSize(String name) {
    try {
      return String.format(
          Locale.ROOT, "%s %.1f MB", name, Files.size(out.resolve(name)) / (1024.0 * 1024.0));
    } catch (IOException e) {
      return name;
    }
  }
}
