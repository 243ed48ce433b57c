package io.keybox.bench.media;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.generator.FeedGenerator;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiFunction;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The first listings of a generated feed with every photo at a URL of its own ({@link
 * DistinctPhotoOrigin#url}): the feed of the mirror's resize rate.
 */
final class DistinctFeed {
  private static final ObjectMapper JSON = new ObjectMapper();

  private DistinctFeed() {}

  /**
   * Writes the first {@code listings} listings of {@code feed} into {@code out}'s {@link
   * FeedGenerator#LISTINGS_FILE}, each photo's URL {@code url.apply(n, file)} for the listing's
   * photo file name and a number {@code n} of its own; returns the photos written.
   *
   * @throws IOException when the feed cannot be read or the file written
   */
  static long write(Path feed, long listings, Path out, BiFunction<Long, String, String> url)
      throws IOException {
    Files.createDirectories(out);
    long photos = 0;
    long written = 0;
    try (BufferedReader in =
            new BufferedReader(
                new InputStreamReader(
                    new GZIPInputStream(
                        Files.newInputStream(feed.resolve(FeedGenerator.LISTINGS_FILE))),
                    StandardCharsets.UTF_8));
        BufferedWriter writer =
            new BufferedWriter(
                new OutputStreamWriter(
                    new GZIPOutputStream(
                        Files.newOutputStream(out.resolve(FeedGenerator.LISTINGS_FILE))),
                    StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null && written < listings; line = in.readLine()) {
        ObjectNode listing = (ObjectNode) JSON.readTree(line);
        ArrayNode distinct = JSON.createArrayNode();
        for (var photo : listing.withArray("photos")) {
          String file = Path.of(photo.asText()).getFileName().toString();
          distinct.add(url.apply(photos++, file));
        }
        listing.set("photos", distinct);
        writer.write(JSON.writeValueAsString(listing));
        writer.newLine();
        written++;
      }
    }
    return photos;
  }
}
