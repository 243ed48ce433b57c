package io.keybox.bench.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedInput;
import io.keybox.indexer.feed.NdjsonLines;
import io.keybox.indexer.feed.RawRecord;
import io.keybox.indexer.ids.IdMap;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Loads a generated feed into the OpenSearch node as a developer following its documentation would:
 * the index created with an explicit mapping ({@link OpenSearchDocuments#index}) and refresh off,
 * the listings sent through the {@code _bulk} API in batches built on all cores, then one refresh
 * and a force merge to one segment, so that searches meet a finished index as they meet Keybox's.
 * Open houses go to an index of their own ({@link #OPEN_HOUSES}), each document holding its
 * listing's fields and JSON (OpenSearch has no join a page of open houses sorted by start time
 * could use): the open houses feed is read first and held by listing (a few hundred bytes each),
 * and each listing's batch carries its open houses too, so no listing is held in memory.
 */
public final class OpenSearchLoader {
  /** The listings' index. */
  static final String INDEX = "listings";

  /** The open houses' index. */
  static final String OPEN_HOUSES = "openhouses";

  private static final String BOTH = INDEX + "," + OPEN_HOUSES;

  private static final int BATCH = 1000;

  /**
   * What loading cost.
   *
   * @param listings listing documents indexed
   * @param openHouses open house documents indexed
   * @param bulkSeconds time to send every batch
   * @param refreshMergeSeconds time of the refresh and the force merge
   * @param indexBytes the two indexes' store size on disk, as the node reports it
   */
  public record Result(
      long listings,
      long openHouses,
      double bulkSeconds,
      double refreshMergeSeconds,
      long indexBytes) {
    public double seconds() {
      return bulkSeconds + refreshMergeSeconds;
    }
  }

  private final ObjectMapper mapper = new ObjectMapper();
  private final OpenSearchDocuments documents = new OpenSearchDocuments(mapper);
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(30))
          .build();
  private final URI base;
  private final int threads;

  public OpenSearchLoader(int port, int threads) {
    this.base = URI.create("http://127.0.0.1:" + port + "/");
    this.threads = threads;
  }

  /**
   * Loads {@code listingsFeed} and {@code openHousesFeed} with the mlsIds of {@code ids} (the
   * Keybox indexer's id map). An open house whose listing is not in the feed is left out, as the
   * PostgreSQL peer leaves it out; its key is its line in the feed, as there.
   *
   * @throws IOException when the node refuses an index, a batch, the refresh or the merge
   */
  public Result load(Path listingsFeed, Path openHousesFeed, IdMap ids) throws IOException {
    send("PUT", INDEX, OpenSearchDocuments.index().toString());
    send("PUT", OPEN_HOUSES, OpenSearchDocuments.openHouseIndex().toString());
    long started = System.nanoTime();
    Map<Long, List<RawRecord>> openHouses = openHousesByListing(openHousesFeed, ids);
    long listings = 0;
    long openHouseDocs = 0;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (NdjsonLines in = new NdjsonLines(FeedInput.open(listingsFeed))) {
      List<Future<long[]>> pending = new ArrayList<>();
      List<RawRecord> batch;
      while (!(batch = in.nextBatch(BATCH)).isEmpty()) {
        List<RawRecord> mine = batch;
        pending.add(pool.submit(() -> bulk(mine, ids, openHouses)));
        if (pending.size() >= threads * 2) {
          long[] sent = pending.remove(0).get();
          listings += sent[0];
          openHouseDocs += sent[1];
        }
      }
      for (Future<long[]> future : pending) {
        long[] sent = future.get();
        listings += sent[0];
        openHouseDocs += sent[1];
      }
    } catch (ExecutionException e) {
      throw new IOException("bulk loading into OpenSearch failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("loading interrupted", e);
    } finally {
      pool.shutdownNow();
    }
    double bulkSeconds = (System.nanoTime() - started) / 1e9;
    started = System.nanoTime();
    send("POST", BOTH + "/_refresh", null);
    send("POST", BOTH + "/_forcemerge?max_num_segments=1", null);
    // The merged segment replaces the others on disk once committed and refreshed.
    send("POST", BOTH + "/_flush", null);
    send("POST", BOTH + "/_refresh", null);
    double mergeSeconds = (System.nanoTime() - started) / 1e9;
    JsonNode stats = mapper.readTree(send("GET", BOTH + "/_stats/store", null));
    long bytes = stats.path("_all").path("primaries").path("store").path("size_in_bytes").asLong();
    return new Result(listings, openHouseDocs, bulkSeconds, mergeSeconds, bytes);
  }

  /** The open house records of the feed by their listing's mlsId; unknown listings left out. */
  private Map<Long, List<RawRecord>> openHousesByListing(Path feed, IdMap ids) throws IOException {
    Map<Long, List<RawRecord>> byListing = new HashMap<>();
    try (NdjsonLines in = new NdjsonLines(FeedInput.open(feed))) {
      List<RawRecord> batch;
      while (!(batch = in.nextBatch(BATCH)).isEmpty()) {
        for (RawRecord line : batch) {
          JsonNode listing = mapper.readTree(line.text()).path("listing");
          long mlsId =
              listing.path("mlsId").isIntegralNumber()
                  ? listing.path("mlsId").asLong()
                  : ids.idOf(listing.path("listingId").asText()).orElse(-1);
          if (mlsId > 0) {
            byListing.computeIfAbsent(mlsId, k -> new ArrayList<>()).add(line);
          }
        }
      }
    }
    return byListing;
  }

  /** Sends one batch of listings with their open houses; the numbers of each sent. */
  private long[] bulk(List<RawRecord> lines, IdMap ids, Map<Long, List<RawRecord>> openHouses)
      throws IOException, InvalidRecordException {
    ByteArrayOutputStream body = new ByteArrayOutputStream(lines.size() * 4096);
    long sentOpenHouses = 0;
    for (RawRecord line : lines) {
      ListingRecord parsed = ListingRecord.parse(mapper.readTree(line.text()));
      long id =
          ids.idOf(parsed.listingId())
              .orElseThrow(
                  () -> new IOException("listing " + parsed.listingId() + " is not in the id map"));
      ListingRecord listing = parsed.withMlsId(id);
      action(body, INDEX, id);
      mapper.writeValue(body, documents.listing(listing));
      body.write('\n');
      for (RawRecord openHouse : openHouses.getOrDefault(id, List.of())) {
        action(body, OPEN_HOUSES, openHouse.line());
        mapper.writeValue(
            body,
            documents.openHouse(mapper.readTree(openHouse.text()), openHouse.line(), listing));
        body.write('\n');
        sentOpenHouses++;
      }
    }
    String answer =
        exchange("POST", "_bulk", HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
    if (answer.contains("\"errors\":true")) {
      JsonNode items = mapper.readTree(answer).path("items");
      for (JsonNode item : items) {
        JsonNode error = item.path("index").path("error");
        if (!error.isMissingNode()) {
          throw new IOException("OpenSearch refused a document: " + error);
        }
      }
    }
    return new long[] {lines.size(), sentOpenHouses};
  }

  private static void action(ByteArrayOutputStream body, String index, long id) {
    body.writeBytes(
        ("{\"index\":{\"_index\":\"" + index + "\",\"_id\":\"" + id + "\"}}\n")
            .getBytes(StandardCharsets.UTF_8));
  }

  private String send(String method, String path, String json) throws IOException {
    HttpRequest.BodyPublisher body =
        json == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8);
    return exchange(method, path, body);
  }

  private String exchange(String method, String path, HttpRequest.BodyPublisher body)
      throws IOException {
    HttpRequest request =
        HttpRequest.newBuilder(base.resolve(path))
            .timeout(Duration.ofMinutes(30))
            .header("Content-Type", "application/json")
            .method(method, body)
            .build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        String text = response.body();
        throw new IOException(
            method
                + " /"
                + path
                + " answered "
                + response.statusCode()
                + ": "
                + (text.length() > 300 ? text.substring(0, 300) + "..." : text));
      }
      return response.body();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
