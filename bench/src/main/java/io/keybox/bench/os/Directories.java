package io.keybox.bench.os;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.util.IOUtils;

/** The bench's scratch directories: its work trees and the peers' homes. */
public final class Directories {
  private Directories() {}

  /** Deletes {@code dir} and everything in it, deepest first; nothing when there is no such dir. */
  public static void deleteTree(Path dir) throws IOException {
    IOUtils.rm(dir);
  }
}
