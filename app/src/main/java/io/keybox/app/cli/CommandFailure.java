package io.keybox.app.cli;

/**
 * A run that failed in a way its command has put into words: the one line to print (without the
 * command's prefix) and the exit code it means, {@link Cli#BAD_INPUT} or {@link Cli#FAILURE}.
 */
public final class CommandFailure extends RuntimeException {
  private final int exitCode;

  private CommandFailure(int exitCode, String line, Throwable cause) {
    super(line, cause);
    this.exitCode = exitCode;
  }

  /** Bad input that is not a command-line mistake: a refused dump, a malformed keys file. */
  public static CommandFailure badInput(String line, Throwable cause) {
    return new CommandFailure(Cli.BAD_INPUT, line, cause);
  }

  /** An I/O or internal failure. */
  public static CommandFailure failure(String line, Throwable cause) {
    return new CommandFailure(Cli.FAILURE, line, cause);
  }

  /** The exit code: 1 bad input, 2 I/O or internal failure. */
  public int exitCode() {
    return exitCode;
  }
}
