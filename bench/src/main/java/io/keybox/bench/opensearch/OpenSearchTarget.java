package io.keybox.bench.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.bench.SystemName;
import io.keybox.bench.keybox.HttpConnection;
import io.keybox.bench.load.AnswerKeys;
import io.keybox.bench.load.Outcome;
import io.keybox.bench.load.Target;
import io.keybox.bench.load.TileClusters;
import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.Mix;
import io.keybox.schema.listing.IdxRule;
import io.keybox.server.error.RequestException;
import io.keybox.server.http.edge.ErrorStatus;
import io.keybox.server.query.AnalyticsRequestParser;
import io.keybox.server.query.ClusterRequestParser;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.OpenHouseRequestParser;
import io.keybox.server.query.OpenHouseSearchRequest;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.search.HistogramBucket;
import io.keybox.server.search.exec.WebMercatorTile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenSearch over HTTP, one keep-alive connection per client through the same minimal client the
 * bench drives Keybox with ({@link HttpConnection}). Each request's parameters are parsed by the
 * server's own parser for its endpoint and translated to a search body ({@link OpenSearchQueries})
 * sent with {@code POST /listings/_search} or {@code POST /openhouses/_search}. The client reads
 * the whole answer, and parses a page only to compare answers or to follow a {@code lastId} cursor
 * (the last hit's sort value). Analytics take two searches (the price histogram's width depends on
 * the first's minimum and maximum); clusters are always parsed, since turning tiles into clusters
 * is the application's work ({@link TileClusters}), as for PostgreSQL.
 */
public final class OpenSearchTarget implements Target {
  private static final String SEARCH = "/" + OpenSearchLoader.INDEX + "/_search";
  private static final String OPEN_HOUSES = "/" + OpenSearchLoader.OPEN_HOUSES + "/_search";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final int port;
  private final ListingRequestParser parser;
  private final OpenHouseRequestParser openHouseParser;
  private final AnalyticsRequestParser analyticsParser = new AnalyticsRequestParser();
  private final ClusterRequestParser clusterParser = new ClusterRequestParser();

  public OpenSearchTarget(int port, int offsetWindow) {
    this.port = port;
    this.parser = new ListingRequestParser(offsetWindow);
    this.openHouseParser = new OpenHouseRequestParser(offsetWindow);
  }

  @Override
  public SystemName system() {
    return SystemName.OPENSEARCH;
  }

  @Override
  public Session open() {
    HttpConnection connection =
        new HttpConnection("127.0.0.1", port, "Accept: application/json\r\n");
    return new Session() {
      @Override
      public Outcome execute(BenchRequest request, boolean detailed) throws IOException {
        try {
          Params params = Params.parse(request.query());
          return switch (request.endpoint()) {
            case SEARCH -> search(connection, parser.parse(params), detailed);
            case LISTING ->
                listing(
                    connection, OpenSearchQueries.listing(request.mlsId(), idx(params)), detailed);
            case OPEN_HOUSES -> openHouses(connection, openHouseParser.parse(params), detailed);
            case ANALYTICS -> analytics(connection, analyticsParser.filter(params), detailed);
            case CLUSTERS -> clusters(connection, clusterParser.parse(params), detailed);
            case RESO_PROPERTY -> throw new IllegalStateException(Mix.RESO_ONLY);
          };
        } catch (RequestException e) {
          return Outcome.failed(ErrorStatus.of(e), e.getMessage());
        }
      }

      @Override
      public void close() {
        connection.close();
      }
    };
  }

  private static Outcome search(
      HttpConnection connection, ListingSearchRequest search, boolean detailed) throws IOException {
    HttpConnection.Response response =
        connection.post(SEARCH, JSON.writeValueAsBytes(OpenSearchQueries.search(search)));
    if (response.status() != 200) {
      return failed(response);
    }
    boolean cursor = search.lastId().isPresent();
    if (!detailed && !cursor) {
      return Outcome.ok(response.bodyLength(), -1, null);
    }
    JsonNode answer = JSON.readTree(response.body(), 0, response.bodyLength());
    JsonNode hits = answer.path("hits").path("hits");
    long next =
        cursor && hits.size() == search.limit()
            ? hits.get(hits.size() - 1).path("sort").path(0).asLong()
            : -1;
    return Outcome.ok(
        response.bodyLength(), next, detailed ? keys(answer, "mlsId", search.count()) : null);
  }

  private static Outcome listing(HttpConnection connection, ObjectNode body, boolean detailed)
      throws IOException {
    HttpConnection.Response response = connection.post(SEARCH, JSON.writeValueAsBytes(body));
    if (response.status() != 200) {
      return failed(response);
    }
    if (!detailed) {
      return Outcome.ok(response.bodyLength(), -1, null);
    }
    JsonNode answer = JSON.readTree(response.body(), 0, response.bodyLength());
    if (answer.path("hits").path("hits").isEmpty()) {
      return Outcome.failed(404, "not found");
    }
    return Outcome.ok(response.bodyLength(), -1, keys(answer, "mlsId", false));
  }

  private static Outcome openHouses(
      HttpConnection connection, OpenHouseSearchRequest request, boolean detailed)
      throws IOException {
    HttpConnection.Response response =
        connection.post(OPEN_HOUSES, JSON.writeValueAsBytes(OpenSearchQueries.openHouses(request)));
    if (response.status() != 200) {
      return failed(response);
    }
    if (!detailed) {
      return Outcome.ok(response.bodyLength(), -1, null);
    }
    JsonNode answer = JSON.readTree(response.body(), 0, response.bodyLength());
    return Outcome.ok(
        response.bodyLength(), -1, keys(answer, "openHouseId", request.paging().count()));
  }

  /**
   * The analytics: the statistics' search, then, when a match has a price, the histogram's with
   * Keybox's bucket width for the prices found.
   */
  private static Outcome analytics(HttpConnection connection, FilterValues filter, boolean detailed)
      throws IOException {
    HttpConnection.Response response =
        connection.post(SEARCH, JSON.writeValueAsBytes(OpenSearchQueries.analytics(filter)));
    if (response.status() != 200) {
      return failed(response);
    }
    long bytes = response.bodyLength();
    JsonNode answer = JSON.readTree(response.body(), 0, response.bodyLength());
    JsonNode price = answer.path("aggregations").path("price");
    if (price.path("count").asLong() > 0) {
      double width =
          HistogramBucket.width(price.path("min").asDouble(), price.path("max").asDouble());
      HttpConnection.Response histogram =
          connection.post(
              SEARCH, JSON.writeValueAsBytes(OpenSearchQueries.priceHistogram(filter, width)));
      if (histogram.status() != 200) {
        return failed(histogram);
      }
      bytes += histogram.bodyLength();
    }
    return Outcome.ok(bytes, -1, detailed ? analyticsKeys(answer) : null);
  }

  /** The keys of the statistics' answer, its median an estimate (TDigest). */
  static List<String> analyticsKeys(JsonNode answer) {
    JsonNode aggs = answer.path("aggregations");
    return AnswerKeys.analyticsWithEstimatedMedian(
        answer.path("hits").path("total").path("value").asLong(),
        number(aggs.path("price").path("min")),
        number(aggs.path("price").path("max")),
        number(aggs.path("median").path("values").path("50.0")));
  }

  private static Outcome clusters(
      HttpConnection connection, ClusterRequestParser.ClusterParams request, boolean detailed)
      throws IOException {
    int tileZoom = Math.min(request.zoom() + request.precision(), WebMercatorTile.MAX_ZOOM);
    HttpConnection.Response response =
        connection.post(
            SEARCH, JSON.writeValueAsBytes(OpenSearchQueries.clusters(request.filter(), tileZoom)));
    if (response.status() != 200) {
      return failed(response);
    }
    JsonNode answer = JSON.readTree(response.body(), 0, response.bodyLength());
    JsonNode buckets = answer.path("aggregations").path("columns").path("buckets");
    List<String> keys = tiles(buckets, tileZoom).keys(request.maxClusters());
    return Outcome.ok(response.bodyLength(), -1, detailed ? keys : null);
  }

  /**
   * The tiles of a clusters answer ({@link OpenSearchQueries#clusters}): each column's bucket, and
   * in it each row's, keyed by the tile's first column (row) at zoom 30.
   */
  static TileClusters tiles(JsonNode columns, int tileZoom) {
    int shift = WebMercatorTile.MAX_ZOOM - tileZoom;
    TileClusters clusters = new TileClusters(tileZoom);
    for (JsonNode column : columns) {
      long x = column.path("key").asLong() >> shift;
      for (JsonNode row : column.path("rows").path("buckets")) {
        long y = row.path("key").asLong() >> shift;
        JsonNode parts = row.path("parts").path("buckets");
        JsonNode shown = parts.path("shown");
        clusters.add(
            (y << 32) | x,
            part(shown),
            shown.path("first_id").path("value").asLong(),
            part(parts.path("hidden")));
      }
    }
    return clusters;
  }

  private static TileClusters.Part part(JsonNode bucket) {
    return new TileClusters.Part(
        bucket.path("doc_count").asLong(),
        number(bucket.path("min_price").path("value")),
        number(bucket.path("max_price").path("value")));
  }

  private static Double number(JsonNode value) {
    return value.isNumber() ? value.asDouble() : null;
  }

  private static Outcome failed(HttpConnection.Response response) {
    String text = response.bodyText().replace('\n', ' ');
    return Outcome.failed(
        response.status(), text.length() > 200 ? text.substring(0, 197) + "..." : text);
  }

  /**
   * The identities of a page's answer, as {@code AnswerKeys} gives them for Keybox's: the {@code
   * id} member of each hit's {@code doc} in order ({@code mlsId}, {@code openHouseId}), then {@code
   * total=N} when the total was asked for.
   */
  static List<String> keys(JsonNode answer, String id, boolean withTotal) {
    List<String> keys = new ArrayList<>();
    for (JsonNode hit : answer.path("hits").path("hits")) {
      keys.add(hit.path("_source").path("doc").path(id).asText());
    }
    if (withTotal) {
      keys.add("total=" + answer.path("hits").path("total").path("value").asLong());
    }
    return keys;
  }

  private static IdxRule idx(Params params) {
    return params
        .first("idx")
        .map(v -> ParamValues.oneOf("idx", v, IdxRule::parse, IdxRule.parameterValues()))
        .orElse(IdxRule.NULL);
  }
}
