package io.keybox.indexer;

import io.keybox.indexer.cli.IndexCommand;
import java.util.Arrays;
import java.util.logging.Level;
import java.util.logging.Logger;

/** The indexer's entry point: {@code index} (OPERATIONS.md §2). */
public final class IndexerMain {
  /**
   * Lucene logs at start whether the vector API is there (a warning when not, as the indexer runs
   * it); the indexer searches no vectors, and a run's output is its own one-line summary or error.
   * Held here: the logging framework keeps its loggers only weakly.
   */
  private static final Logger LUCENE_VECTORIZATION =
      Logger.getLogger("org.apache.lucene.internal.vectorization");

  private IndexerMain() {}

  public static void main(String[] args) {
    LUCENE_VECTORIZATION.setLevel(Level.OFF);
    System.exit(run(args));
  }

  static int run(String[] args) {
    String command = args.length == 0 ? "" : args[0];
    String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
    return switch (command) {
      case "index" -> IndexCommand.run(rest, System.out, System.err);
      default -> {
        System.err.println("keybox indexer: unknown command '" + command + "'; allowed: index");
        yield 1;
      }
    };
  }
}
