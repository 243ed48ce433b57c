package io.keybox.app;

import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Wording;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code keybox version} (the same lines as {@code keybox --version}): Keybox's version and commit,
 * the Lucene version and the JDK, one per line. Exit code 0.
 */
@Command(
    name = "version",
    customSynopsis = "keybox version",
    descriptionHeading = "%n",
    description = "Prints Keybox's version and commit, the Lucene version and the JDK.",
    optionListHeading = "%nOptions:%n")
final class VersionCommand implements Callable<Integer>, Wording {
  @ParentCommand Keybox keybox;

  @Mixin HelpOption help;

  @Override
  public String errorPrefix() {
    return "keybox version";
  }

  @Override
  public Integer call() {
    BuildInfo.current().lines().forEach(keybox.console().out()::println);
    return 0;
  }
}
