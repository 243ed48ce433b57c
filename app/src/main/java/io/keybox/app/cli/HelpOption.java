package io.keybox.app.cli;

import picocli.CommandLine.Option;

/** The {@code --help} of every command (a mixin), listed last in its help. */
public final class HelpOption {
  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      order = Integer.MAX_VALUE,
      description = "print this help and exit")
  boolean help;
}
