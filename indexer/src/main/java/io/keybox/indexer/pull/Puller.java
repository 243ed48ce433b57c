package io.keybox.indexer.pull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.progress.Progress;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Reads the resources of a {@link PullPlan} page by page, following {@code @odata.nextLink} to the
 * end, and writes each resource's records as a gzip NDJSON dump ({@code Property.ndjson.gz} ...)
 * into a staging folder, which it empties first: a pull that failed half-way leaves only files the
 * next pull throws away.
 *
 * <pre>
 * PullResult pulled = new Puller(http, mapper, progress).pull(plan, layout.vendorDir().resolve("pull"));
 * builder.rebuild(layout, pulled.dumps(), FeedFormat.RESO, false);   // then save the PullState
 * </pre>
 */
public final class Puller {
  private final ResoHttp http;
  private final ObjectMapper mapper;
  private final Progress progress;

  public Puller(ResoHttp http, ObjectMapper mapper, Progress progress) {
    this.http = http;
    this.mapper = mapper;
    this.progress = progress;
  }

  /**
   * Pulls every resource of {@code plan} into {@code staging}.
   *
   * @throws PullException when a request fails for good (the staged files are then incomplete)
   * @throws IOException when the staging folder cannot be written
   */
  public PullResult pull(PullPlan plan, Path staging) throws IOException, InterruptedException {
    empty(staging);
    Map<String, Long> records = new LinkedHashMap<>();
    Map<String, Path> files = new LinkedHashMap<>();
    Instant highWater = null;
    long pages = 0;
    long bytes = 0;
    for (String resource : plan.resources()) {
      Path file = staging.resolve(resource + ".ndjson.gz");
      long count = 0;
      try (OutputStream out =
          new BufferedOutputStream(new GZIPOutputStream(Files.newOutputStream(file), 1 << 16))) {
        URI next = plan.firstPage(resource);
        while (next != null) {
          JsonNode page = http.get(next);
          pages++;
          JsonNode value = page.get("value");
          if (value == null || !value.isArray()) {
            throw new PullException("GET " + next + " returned no OData \"value\" array");
          }
          for (JsonNode record : value) {
            byte[] line = mapper.writeValueAsBytes(record);
            out.write(line);
            out.write('\n');
            bytes += line.length + 1;
            highWater = later(highWater, modified(record));
          }
          count += value.size();
          progress.records(value.size());
          next = nextLink(page, next);
        }
      }
      records.put(resource, count);
      files.put(resource, file);
    }
    return new PullResult(
        new FeedDumps(
            files.get("Property"),
            Optional.ofNullable(files.get("OpenHouse")),
            Optional.ofNullable(files.get("Member"))),
        records,
        Optional.ofNullable(highWater),
        pages,
        bytes);
  }

  private static URI nextLink(JsonNode page, URI current) throws PullException {
    JsonNode link = page.get("@odata.nextLink");
    if (link == null || link.isNull() || link.asText().isBlank()) {
      return null;
    }
    try {
      // Servers give it absolute; a relative one is resolved against the page it came from.
      return current.resolve(link.asText());
    } catch (IllegalArgumentException e) {
      throw new PullException("GET " + current + " returned a malformed @odata.nextLink");
    }
  }

  private static Instant modified(JsonNode record) {
    JsonNode value = record.get("ModificationTimestamp");
    if (value == null || !value.isTextual()) {
      return null;
    }
    try {
      return OffsetDateTime.parse(value.asText()).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static Instant later(Instant a, Instant b) {
    return a == null ? b : b == null || a.isAfter(b) ? a : b;
  }

  private static void empty(Path staging) throws IOException {
    if (Files.isDirectory(staging)) {
      try (Stream<Path> paths = Files.walk(staging)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          if (!path.equals(staging)) {
            Files.delete(path);
          }
        }
      }
    }
    Files.createDirectories(staging);
  }
}
