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
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Loads a generated feed into the OpenSearch node as a developer following its documentation would:
 * the index created with an explicit mapping ({@link OpenSearchDocuments#index}) and refresh off,
 * the listings sent through the {@code _bulk} API in batches built on all cores, then one refresh
 * and a force merge to one segment, so that searches meet a finished index as they meet Keybox's.
 * Open houses are not loaded (the peer does not run {@code /openhouses}).
 */
public final class OpenSearchLoader {
  /** The index's name. */
  static final String INDEX = "listings";

  private static final int BATCH = 1000;

  /**
   * What loading cost.
   *
   * @param listings documents indexed
   * @param bulkSeconds time to send every batch
   * @param refreshMergeSeconds time of the refresh and the force merge
   * @param indexBytes the index's store size on disk, as the node reports it
   */
  public record Result(
      long listings, double bulkSeconds, double refreshMergeSeconds, long indexBytes) {
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
   * Loads {@code listingsFeed} with the mlsIds of {@code ids} (the Keybox indexer's id map).
   *
   * @throws IOException when the node refuses the index, a batch, the refresh or the merge
   */
  public Result load(Path listingsFeed, IdMap ids) throws IOException {
    send("PUT", INDEX, OpenSearchDocuments.index().toString());
    long started = System.nanoTime();
    long listings = 0;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (NdjsonLines in = new NdjsonLines(FeedInput.open(listingsFeed))) {
      List<Future<Integer>> pending = new ArrayList<>();
      List<RawRecord> batch;
      while (!(batch = in.nextBatch(BATCH)).isEmpty()) {
        List<RawRecord> mine = batch;
        pending.add(pool.submit(() -> bulk(mine, ids)));
        if (pending.size() >= threads * 2) {
          listings += pending.remove(0).get();
        }
      }
      for (Future<Integer> future : pending) {
        listings += future.get();
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
    send("POST", INDEX + "/_refresh", null);
    send("POST", INDEX + "/_forcemerge?max_num_segments=1", null);
    // The merged segment replaces the others on disk once committed and refreshed.
    send("POST", INDEX + "/_flush", null);
    send("POST", INDEX + "/_refresh", null);
    double mergeSeconds = (System.nanoTime() - started) / 1e9;
    JsonNode stats = mapper.readTree(send("GET", INDEX + "/_stats/store", null));
    long bytes = stats.path("_all").path("primaries").path("store").path("size_in_bytes").asLong();
    return new Result(listings, bulkSeconds, mergeSeconds, bytes);
  }

  private int bulk(List<RawRecord> lines, IdMap ids) throws IOException, InvalidRecordException {
    ByteArrayOutputStream body = new ByteArrayOutputStream(lines.size() * 4096);
    for (RawRecord line : lines) {
      ListingRecord listing = ListingRecord.parse(mapper.readTree(line.text()));
      long id =
          ids.idOf(listing.listingId())
              .orElseThrow(
                  () ->
                      new IOException("listing " + listing.listingId() + " is not in the id map"));
      body.write(("{\"index\":{\"_id\":\"" + id + "\"}}\n").getBytes(StandardCharsets.UTF_8));
      mapper.writeValue(body, documents.listing(listing.withMlsId(id)));
      body.write('\n');
    }
    String answer =
        exchange(
            "POST", INDEX + "/_bulk", HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
    if (answer.contains("\"errors\":true")) {
      JsonNode items = mapper.readTree(answer).path("items");
      for (JsonNode item : items) {
        JsonNode error = item.path("index").path("error");
        if (!error.isMissingNode()) {
          throw new IOException("OpenSearch refused a listing: " + error);
        }
      }
    }
    return lines.size();
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
