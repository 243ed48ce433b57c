package io.keybox.indexer.pull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.progress.Progress;
import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.threeten.extra.MutableClock;

/**
 * A pull of one vendor against {@link ResoWebApiServer}, with a clock the test moves and a pause
 * that records its waits instead of sleeping; "indexing" reads the staged dumps into {@link
 * #indexed}, keyed by each resource's key (latest copy wins, as the builder keeps it).
 */
final class PullFixture {
  static final ObjectMapper JSON = new ObjectMapper();

  final ResoWebApiServer mls;
  final Path data;
  final MutableClock clock;
  final List<Duration> pauses = new ArrayList<>();
  final List<String> warnings = new ArrayList<>();
  final Map<Resource, Map<String, JsonNode>> indexed = new EnumMap<>(Resource.class);
  int indexRuns;
  int publications;

  PullFixture(ResoWebApiServer mls, Path data, Instant now) {
    this.mls = mls;
    this.data = data;
    this.clock = MutableClock.of(now, ZoneOffset.UTC);
  }

  VendorPull vendor() {
    return new VendorPull(new VendorLayout(data, "v"), JSON, clock);
  }

  PullPlan plan(VendorPull.Mode mode, Paging paging, int pageSize) throws IOException {
    return vendor()
        .plan(
            new VendorPull.Request(
                URI.create(mls.serviceRoot()),
                List.of(Resource.PROPERTY, Resource.OPEN_HOUSE, Resource.MEMBER),
                Optional.empty(),
                pageSize,
                paging,
                mode));
  }

  /** Whether the pull reads the Media resource, as for a server that cannot expand Media. */
  boolean mediaResource;

  /** The Media records the last index run was given, by MediaKey. */
  final Map<String, JsonNode> lastMedia = new java.util.HashMap<>();

  /** Plans and runs a pull with {@code retries}; returns the state it recorded. */
  Optional<PullState> pull(VendorPull.Mode mode, Paging paging, int pageSize, int retries)
      throws IOException, InterruptedException {
    PullPlan plan = plan(mode, paging, pageSize);
    if (mediaResource) {
      plan = plan.withMediaResource();
    }
    ResoHttp http =
        new ResoHttp(
            HttpClient.newHttpClient(),
            new Credentials.BearerToken(ResoWebApiServer.BEARER_TOKEN),
            JSON,
            clock,
            pauses::add,
            1000,
            retries);
    Puller puller = new Puller(http, JSON, Progress.off(), clock, warnings::add);
    return vendor()
        .run(
            plan,
            puller,
            this::index,
            new VendorPull.Listener() {
              @Override
              public void pulled(PullPlan p, PullResult result, Duration took) {
                lastResult = result;
              }

              @Override
              public void nothingChanged() {}
            },
            () -> publications++);
  }

  PullResult lastResult;

  private void index(FeedDumps dumps, boolean incremental) throws IOException {
    indexRuns++;
    if (!incremental) {
      indexed.clear();
    }
    read(Resource.PROPERTY, Optional.of(dumps.listings()));
    read(Resource.OPEN_HOUSE, dumps.openHouses());
    read(Resource.MEMBER, dumps.agents());
    lastMedia.clear();
    if (dumps.media().isPresent()) {
      read(Resource.MEDIA, dumps.media());
      lastMedia.putAll(indexed.remove(Resource.MEDIA));
    }
  }

  private void read(Resource resource, Optional<Path> dump) throws IOException {
    if (dump.isEmpty()) {
      return;
    }
    Map<String, JsonNode> records =
        indexed.computeIfAbsent(resource, r -> new java.util.HashMap<>());
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(dump.get())), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        JsonNode record = JSON.readTree(line);
        records.put(record.get(resource.keyField()).asText(), record);
      }
    }
  }

  Optional<PullState> state() throws IOException {
    return PullState.load(vendor().stateFile(), JSON);
  }
}
