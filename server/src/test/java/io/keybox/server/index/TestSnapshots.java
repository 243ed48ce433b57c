package io.keybox.server.index;

import java.io.IOException;
import org.apache.lucene.index.DirectoryReader;

/** Snapshots of a reader for tests outside this package, as the server opens them. */
public final class TestSnapshots {
  private TestSnapshots() {}

  /** A snapshot of {@code reader}, with its listing state and no derived value computed yet. */
  public static Snapshot of(String vendor, DirectoryReader reader) throws IOException {
    return Snapshot.of(vendor, reader);
  }
}
