package io.keybox.app.cli;

import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ParameterException;

/**
 * How a command words its one-line errors (OPERATIONS.md §2: every failure prints one line saying
 * what went wrong and what to do). {@link Cli} turns picocli's exceptions into these lines. The
 * defaults are the lines of {@code serve} and {@code index}; a command whose lines have always read
 * otherwise ({@code generate}, {@code keys}) overrides them, so that what scripts and the docs
 * match keeps matching.
 */
public interface Wording {
  /** The command as its lines name it, e.g. {@code keybox serve}. */
  String errorPrefix();

  /** The line for a mistake on the command line. */
  default String usageError(String problem) {
    return errorPrefix() + ": " + problem + " (see --help)";
  }

  /** The line for a run that failed. */
  default String failure(String problem) {
    return errorPrefix() + ": " + problem;
  }

  /** An option (or argument) the command does not know. */
  default String unknownOption(String arg, List<String> allowed) {
    return "unknown option '" + arg + "'; allowed: " + String.join(", ", allowed);
  }

  /** A required option that was not given. */
  default String required(String option) {
    return option + " is required";
  }

  /** An option given without its value. */
  default String missingValue(String option) {
    return option + " needs a value";
  }

  /** An option given twice. */
  default String repeated(String option) {
    return option + " is given more than once";
  }

  /** A numeric option whose value is not a whole number. */
  default String notAWholeNumber(String option, String value, Optional<Range> range) {
    return option
        + " must be a whole number"
        + range.map(r -> " " + r.min() + ".." + r.max()).orElse("")
        + " (got: '"
        + value
        + "')";
  }

  /** A numeric option whose value is outside its {@link Range}. */
  default String outOfRange(String option, String value, Range range) {
    return notAWholeNumber(option, value, Optional.of(range));
  }

  /**
   * The problem of a refusal only this command can word (an option group's, say), or empty for the
   * general wording above.
   */
  default Optional<String> specific(ParameterException e) {
    return Optional.empty();
  }
}
