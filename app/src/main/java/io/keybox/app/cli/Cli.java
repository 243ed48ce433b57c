package io.keybox.app.cli;

import java.lang.reflect.AnnotatedElement;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.RunLast;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What every Keybox command shares on top of picocli: the exit codes (0 success, 1 bad input, 2 I/O
 * or internal failure, OPERATIONS.md §2) and the exception handlers that print each failure as one
 * line in the command's {@link Wording}, the {@link Range} checks, and the {@link HelpLayout}.
 *
 * <pre>
 * CommandLine line = Cli.configure(new CommandLine(command));
 * int exitCode = line.execute(args);
 * </pre>
 */
public final class Cli {
  public static final int OK = 0;
  public static final int BAD_INPUT = 1;
  public static final int FAILURE = 2;

  /** The option that prints a failure's stack trace (every command inherits it from the root). */
  public static final String DEBUG = "--debug";

  private static final System.Logger LOG = System.getLogger("io.keybox.app");

  private static final Set<Class<?>> WHOLE_NUMBERS =
      Set.of(int.class, Integer.class, long.class, Long.class);

  private Cli() {}

  /** {@code line} (and its subcommands) with Keybox's handlers, exit codes and help layout. */
  public static CommandLine configure(CommandLine line) {
    line.setParameterExceptionHandler(Cli::onParameterException)
        .setExecutionExceptionHandler(Cli::onExecutionException)
        .setExitCodeExceptionMapper(Cli::exitCode)
        .setExecutionStrategy(
            parseResult -> {
              checkRanges(parseResult);
              return new RunLast().execute(parseResult);
            });
    HelpLayout.install(line);
    return line;
  }

  /**
   * Parses {@code args} and checks them as a run would, without running the command: ranges, and
   * the {@link Checked#check()} of the command they name.
   *
   * @throws ParameterException naming the option that is wrong; its message is the problem in the
   *     command's wording
   */
  public static void check(CommandLine line, String... args) {
    ParseResult result;
    try {
      result = line.parseArgs(args);
    } catch (ParameterException e) {
      throw new ParameterException(e.getCommandLine(), problem(e, args), e);
    }
    ParseResult last = result;
    while (last.subcommand() != null) {
      if (last.isUsageHelpRequested()) {
        return;
      }
      last = last.subcommand();
    }
    if (last.isUsageHelpRequested()) {
      return;
    }
    checkRanges(result);
    if (last.commandSpec().userObject() instanceof Checked checked) {
      checked.check();
    }
  }

  /** The exit code of a failure: 1 for bad input, 2 for anything else. */
  public static int exitCode(Throwable failure) {
    return switch (failure) {
      case ParameterException e -> BAD_INPUT;
      case CommandFailure e -> e.exitCode();
      default -> FAILURE;
    };
  }

  /** The wording of {@code line}'s command: its own, or the default under its name. */
  static Wording wording(CommandLine line) {
    if (line.getCommand() instanceof Wording wording) {
      return wording;
    }
    String name = line.getCommandSpec().qualifiedName();
    return () -> name;
  }

  private static int onParameterException(ParameterException e, String[] args) {
    CommandLine line = e.getCommandLine();
    // --help wins over every mistake beside it: who asks for help gets it.
    if (Arrays.stream(args).anyMatch(a -> a.equals("--help") || a.equals("-h"))) {
      line.usage(line.getOut());
      line.getOut().flush();
      return OK;
    }
    line.getErr().println(wording(line).usageError(problem(e, args)));
    line.getErr().flush();
    return BAD_INPUT;
  }

  /**
   * Prints a failed run's one line. An I/O or internal failure (exit 2) also logs its throwable
   * through the logger, where the operator's log (the journal under systemd) keeps the stack trace;
   * with {@link #DEBUG} the stack trace of any failure is printed before the line instead.
   */
  private static int onExecutionException(Exception e, CommandLine line, ParseResult parsed) {
    String problem = e instanceof CommandFailure ? e.getMessage() : "failed: " + e;
    String failure = wording(line).failure(problem);
    int code = exitCode(e);
    // A CommandFailure only words its cause: the cause's trace is the one that tells.
    Throwable cause = e instanceof CommandFailure && e.getCause() != null ? e.getCause() : e;
    if (debug(parsed)) {
      cause.printStackTrace(line.getErr());
    } else if (code == FAILURE) {
      LOG.log(System.Logger.Level.ERROR, failure, cause);
    }
    line.getErr().println(failure);
    line.getErr().flush();
    return code;
  }

  /** Whether {@link #DEBUG} was given to any command of {@code parsed}. */
  private static boolean debug(ParseResult parsed) {
    for (ParseResult r = parsed; r != null; r = r.subcommand()) {
      if (r.hasMatchedOption(DEBUG)) {
        return true;
      }
    }
    return false;
  }

  /** What is wrong, in the wording of the command {@code e} is about. */
  private static String problem(ParameterException e, String[] args) {
    Wording wording = wording(e.getCommandLine());
    Optional<String> specific = wording.specific(e);
    if (specific.isPresent()) {
      return specific.get();
    }
    return switch (e) {
      case UnmatchedArgumentException u when !u.getUnmatched().isEmpty() ->
          wording.unknownOption(u.getUnmatched().get(0), allowed(e.getCommandLine()));
      case OverwrittenOptionException o -> wording.repeated(name(o.getOverwritten()));
      case MissingParameterException m when !m.getMissing().isEmpty() -> {
        String name = name(m.getMissing().get(0));
        boolean given =
            Arrays.stream(args).anyMatch(a -> a.equals(name) || a.startsWith(name + "="));
        yield given ? wording.missingValue(name) : wording.required(name);
      }
      default -> conversion(e, wording).orElse(e.getMessage().replaceFirst("^Error: ", ""));
    };
  }

  /** A value picocli could not convert to its option's type. */
  private static Optional<String> conversion(ParameterException e, Wording wording) {
    ArgSpec spec = e.getArgSpec();
    if (spec == null || e.getValue() == null || e.getCause() == null) {
      return Optional.empty();
    }
    String name = name(spec);
    Class<?> type = spec.typeInfo().getType();
    // An option with its own converter words its refusals (a byte size is a long, but no plain
    // whole number); picocli's built-in one for numbers gets the general wording.
    boolean ownConverter = spec.converters() != null && spec.converters().length > 0;
    if (WHOLE_NUMBERS.contains(type) && !ownConverter) {
      return Optional.of(wording.notAWholeNumber(name, e.getValue(), range(spec)));
    }
    if (e.getCause() instanceof TypeConversionException c) {
      return Optional.of(name + ": " + c.getMessage());
    }
    if (type == Path.class) {
      return Optional.of(name + ": '" + e.getValue() + "' is not a valid path");
    }
    return Optional.empty();
  }

  /**
   * Refuses a matched numeric option outside its {@link Range}, and a duration shorter than its
   * {@link DurationRange}.
   */
  static void checkRanges(ParseResult result) {
    for (ParseResult r = result; r != null; r = r.subcommand()) {
      for (OptionSpec option : r.matchedOptions()) {
        checkDuration(r, option);
        Optional<Range> range = range(option);
        if (range.isPresent() && option.getValue() instanceof Number n) {
          long value = n.longValue();
          if (value < range.get().min() || value > range.get().max()) {
            CommandLine line = r.commandSpec().commandLine();
            throw new ParameterException(
                line,
                wording(line).outOfRange(option.longestName(), String.valueOf(value), range.get()),
                option,
                String.valueOf(value));
          }
        }
      }
    }
  }

  private static void checkDuration(ParseResult result, OptionSpec option) {
    if (option.userObject() instanceof AnnotatedElement element
        && element.getAnnotation(DurationRange.class) instanceof DurationRange range
        && option.getValue() instanceof Duration value
        && value.toMillis() < range.minMillis()) {
      List<String> given = option.originalStringValues();
      String text = given.isEmpty() ? value.toString() : given.get(given.size() - 1);
      throw new ParameterException(
          result.commandSpec().commandLine(),
          option.longestName() + ": " + DurationConverter.refusal(text, range),
          option,
          text);
    }
  }

  private static Optional<Range> range(ArgSpec spec) {
    return spec.userObject() instanceof AnnotatedElement element
        ? Optional.ofNullable(element.getAnnotation(Range.class))
        : Optional.empty();
  }

  private static String name(ArgSpec spec) {
    return spec instanceof OptionSpec option ? option.longestName() : spec.paramLabel();
  }

  /** The options of {@code line}'s command in the order its help lists them. */
  private static List<String> allowed(CommandLine line) {
    List<String> names = new ArrayList<>();
    HelpLayout.options(line.getCommandSpec()).forEach(o -> names.add(o.longestName()));
    return names;
  }
}
