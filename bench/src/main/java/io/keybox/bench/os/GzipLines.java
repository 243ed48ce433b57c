package io.keybox.bench.os;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** Gzip files of UTF-8 lines, as the feed dumps the bench reads and rewrites are. */
public final class GzipLines {
  private GzipLines() {}

  /** A reader of the lines of gzip file {@code file}. */
  public static BufferedReader reader(Path file) throws IOException {
    return new BufferedReader(
        new InputStreamReader(
            new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8));
  }

  /** A writer of lines to gzip file {@code file}, created or replaced. */
  public static BufferedWriter writer(Path file) throws IOException {
    return new BufferedWriter(
        new OutputStreamWriter(
            new GZIPOutputStream(Files.newOutputStream(file)), StandardCharsets.UTF_8));
  }
}
