package io.keybox.indexer.pull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.progress.Progress;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/**
 * Completes an incremental pull's photos from the Media resource: the Media records that changed
 * (by MediaModificationTimestamp) name their listings ({@code ResourceRecordKey}); each of those
 * listings, and each listing the pull received, has its whole Media list read again, so the index
 * can replace a listing's photos with it (a photo removed at the MLS changes no timestamp of the
 * others); and a listing whose photos alone changed has its Property record read too, so the index
 * run writes it again. Keys are asked {@value #KEYS_PER_REQUEST} at a time ({@code ListingKey eq
 * 'a' or ...}), every answer paged and counted as a resource is.
 *
 * <p>Not checkpointed: it runs after every resource is staged, and a resumed pull does it again
 * (the Property dump is cut back to its checkpointed length first).
 */
final class ListingMediaRead {
  /** The staged file of the listings' whole Media lists, beside the other dumps. */
  static final String FILE = "MediaOfListings.ndjson.gz";

  /** Listing keys per request: a URL of a few thousand characters at most. */
  static final int KEYS_PER_REQUEST = 25;

  /** Reads one page of a resource. */
  @FunctionalInterface
  interface Pages {
    Puller.Page read(URI uri, Resource resource) throws IOException, InterruptedException;
  }

  private final PullPlan plan;
  private final ObjectMapper mapper;
  private final Pages pages;
  private final Progress progress;

  ListingMediaRead(PullPlan plan, ObjectMapper mapper, Pages pages, Progress progress) {
    this.plan = plan;
    this.mapper = mapper;
    this.pages = pages;
    this.progress = progress;
  }

  /**
   * Appends to {@code properties} the Property records of listings that only {@code changedMedia}
   * names, and writes {@link #FILE} in {@code staging} with the whole Media lists of every listing
   * of both.
   *
   * @return the Property records appended
   * @throws PullException when a request fails for good or the server sent fewer records than it
   *     counted
   */
  long complete(Path properties, Path changedMedia, Path staging)
      throws IOException, InterruptedException {
    Set<String> listings = new TreeSet<>(values(properties, "ListingKey"));
    Set<String> photosChanged = new TreeSet<>(values(changedMedia, "ResourceRecordKey"));
    List<String> photosOnly = new ArrayList<>(photosChanged);
    photosOnly.removeAll(listings);
    long appended = read(Resource.PROPERTY, photosOnly, properties);
    listings.addAll(photosChanged);
    Path media = staging.resolve(FILE);
    Files.deleteIfExists(media);
    Files.createFile(media);
    read(Resource.MEDIA, List.copyOf(listings), media);
    return appended;
  }

  /** Appends the records of {@code resource} of {@code keys}' listings to {@code file}. */
  private long read(Resource resource, List<String> keys, Path file)
      throws IOException, InterruptedException {
    long records = 0;
    try (OutputStream out =
        Files.newOutputStream(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      for (int from = 0; from < keys.size(); from += KEYS_PER_REQUEST) {
        List<String> chunk = keys.subList(from, Math.min(keys.size(), from + KEYS_PER_REQUEST));
        URI first = plan.keyedPage(resource, chunk);
        Set<Long> distinct = new HashSet<>();
        long count = -1;
        for (URI next = first; next != null; ) {
          Puller.Page page = pages.read(next, resource);
          if (next == first) {
            count = page.count();
          }
          out.write(page.member());
          distinct.addAll(page.keys());
          records += page.records();
          progress.records(page.records());
          try {
            next = page.nextLink().map(plan::resolve).orElse(null);
          } catch (IllegalArgumentException e) {
            throw new PullException("GET " + next + " returned a malformed @odata.nextLink");
          }
        }
        if (count >= 0 && distinct.size() < count) {
          throw new PullException(
              resource
                  + " of "
                  + chunk.size()
                  + " listings: the server reported "
                  + count
                  + " records (@odata.count) but the pull received "
                  + distinct.size());
        }
      }
      out.flush();
    }
    return records;
  }

  /** The distinct non-empty text values of {@code field} in a staged gzip NDJSON dump. */
  private Set<String> values(Path dump, String field) throws IOException {
    Set<String> values = new HashSet<>();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(dump), 1 << 16);
        BufferedReader lines =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        JsonNode value = mapper.readTree(line).get(field);
        if (value != null && value.isValueNode() && !value.asText().isBlank()) {
          values.add(value.asText().strip());
        }
      }
    }
    return values;
  }
}
