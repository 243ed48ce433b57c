package io.keybox.indexer;

import io.keybox.indexer.cli.IndexCommand;
import io.keybox.indexer.generate.GenerateCommand;
import java.util.Arrays;

/** The indexer's entry point: {@code index} and {@code generate} (OPERATIONS.md §2). */
public final class IndexerMain {
  private IndexerMain() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    String command = args.length == 0 ? "" : args[0];
    String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
    return switch (command) {
      case "index" -> IndexCommand.run(rest, System.out, System.err);
      case "generate" -> GenerateCommand.run(rest, System.out, System.err);
      default -> {
        System.err.println(
            "keybox indexer: unknown command '" + command + "'; allowed: index, generate");
        yield 1;
      }
    };
  }
}
