package io.keybox.bench.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The bench's scratch directories: its work trees and the peers' homes. */
public final class Directories {
  private Directories() {}

  /** Deletes {@code dir} and everything in it, deepest first; nothing when there is no such dir. */
  public static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }
}
