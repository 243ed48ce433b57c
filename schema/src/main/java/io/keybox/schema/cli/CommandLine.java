package io.keybox.schema.cli;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses {@code --name value} options and {@code --flag} switches against a declared set, so every
 * error names the option: unknown options, missing values and repeated options are refused.
 */
public final class CommandLine {
  /** A declared option: its name (with dashes), whether it takes a value, and its help line. */
  public record Option(String name, boolean takesValue, String help) {}

  /** A command-line mistake; the message names the option and says what is allowed. */
  public static final class UsageException extends Exception {
    public UsageException(String message) {
      super(message);
    }
  }

  private final Map<String, String> values = new HashMap<>();

  private CommandLine() {}

  /**
   * Parses {@code args} against {@code options}.
   *
   * @throws UsageException on an unknown, repeated or value-less option
   */
  public static CommandLine parse(String[] args, List<Option> options) throws UsageException {
    Map<String, Option> byName = new LinkedHashMap<>();
    options.forEach(o -> byName.put(o.name(), o));
    CommandLine line = new CommandLine();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      int eq = arg.indexOf('=');
      String name = arg.startsWith("--") && eq > 0 ? arg.substring(0, eq) : arg;
      Option option = byName.get(name);
      if (option == null) {
        throw new UsageException(
            "unknown option '" + arg + "'; allowed: " + String.join(", ", byName.keySet()));
      }
      String value;
      if (!option.takesValue()) {
        value = "true";
      } else if (eq > 0 && arg.startsWith("--")) {
        value = arg.substring(eq + 1);
      } else if (i + 1 < args.length) {
        value = args[++i];
      } else {
        throw new UsageException(name + " needs a value");
      }
      if (line.values.put(name, value) != null) {
        throw new UsageException(name + " is given more than once");
      }
    }
    return line;
  }

  /** Whether a switch or option was given. */
  public boolean has(String name) {
    return values.containsKey(name);
  }

  /** The value of an option, if given. */
  public Optional<String> value(String name) {
    return Optional.ofNullable(values.get(name));
  }

  /**
   * The value of a required option.
   *
   * @throws UsageException when it is missing
   */
  public String required(String name) throws UsageException {
    String value = values.get(name);
    if (value == null || value.isBlank()) {
      throw new UsageException(name + " is required");
    }
    return value;
  }

  /**
   * An integer option within {@code min..max}, or {@code fallback} when absent.
   *
   * @throws UsageException when it is not a number in range
   */
  public int intValue(String name, int min, int max, int fallback) throws UsageException {
    String value = values.get(name);
    if (value == null) {
      return fallback;
    }
    try {
      int parsed = Integer.parseInt(value.strip());
      if (parsed >= min && parsed <= max) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(
        name + " must be a whole number " + min + ".." + max + " (got: '" + value + "')");
  }

  /** The help text of {@code options}, one line each. */
  public static String help(List<Option> options) {
    StringBuilder text = new StringBuilder();
    for (Option option : options) {
      String left = option.name() + (option.takesValue() ? " VALUE" : "");
      text.append(String.format("  %-22s %s%n", left, option.help()));
    }
    return text.toString();
  }
}
