package io.keybox.app.cli;

/**
 * A command whose options can be checked without running it: their values and combinations, as the
 * run would check them, without reading or writing any file (the docs' tests check every command
 * line of the docs this way).
 */
public interface Checked {
  /**
   * Checks the parsed options.
   *
   * @throws picocli.CommandLine.ParameterException naming the option that is wrong
   */
  void check();
}
