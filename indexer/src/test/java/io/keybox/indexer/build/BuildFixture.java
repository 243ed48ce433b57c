package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** A build test's working directory: the dumps it writes there and a builder on a fixed clock. */
final class BuildFixture {
  /** The builder's clock: the time its commits record. */
  static final Instant NOW = Instant.parse("2026-11-02T03:04:05Z");

  private final Path dir;

  BuildFixture(Path dir) {
    this.dir = dir;
  }

  /** A builder with two writer threads whose clock stands at {@link #NOW}. */
  VendorIndexBuilder builder() {
    return new VendorIndexBuilder(new ObjectMapper(), Clock.fixed(NOW, ZoneOffset.UTC), 2);
  }

  /** Writes {@code lines}, each ended by a newline, to the file {@code name} and returns it. */
  Path dump(String name, String... lines) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }
}
