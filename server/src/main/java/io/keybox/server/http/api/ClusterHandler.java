package io.keybox.server.http.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.server.http.cache.CacheableRequest;
import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.Reply;
import io.keybox.server.index.Snapshot;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.ClusterRequestParser;
import io.keybox.server.query.ClusterRequestParser.ClusterParams;
import io.keybox.server.query.Params;
import io.keybox.server.search.ListingClusters;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;

/**
 * {@code GET /properties/clusters} (a Keybox extension, docs/api.md): the listings a filter admits
 * in the map's viewport, grouped into at most {@code maxClusters} clusters ({@link
 * ListingClusters}), on one leased snapshot and answered from the {@link ResponseCache} when it
 * holds the request for that snapshot.
 */
final class ClusterHandler {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final ClusterRequestParser parser = new ClusterRequestParser();
  private final CachedJsonAnswers answers;
  private final ListingClusters clusters = new ListingClusters();

  /** A clusters request, as the cache tells requests apart. */
  private record Clusters(ClusterParams params) implements CacheableRequest {}

  ClusterHandler(VendorIndexes indexes, ResponseCache cache) {
    this.answers = new CachedJsonAnswers(indexes, cache);
  }

  Reply clusters(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    ClusterParams request = parser.parse(params);
    return answers.answer(
        exchange, params, new Clusters(request), snapshot -> json(compute(snapshot, request)));
  }

  private ListingClusters.Result compute(Snapshot snapshot, ClusterParams request)
      throws IOException {
    return clusters.compute(
        snapshot,
        request.filter(),
        new ListingClusters.Request(request.zoom(), request.precision(), request.maxClusters()));
  }

  /** {@code {"totalCount","zoom","clusters":[{"count","lat","lng","bounds",...}]}}. */
  static ObjectNode json(ListingClusters.Result result) {
    ObjectNode json = NODES.objectNode();
    json.put("totalCount", result.totalCount());
    json.put("zoom", result.zoom());
    ArrayNode array = json.putArray("clusters");
    for (ListingClusters.Cluster cluster : result.clusters()) {
      ObjectNode one = array.addObject();
      one.put("count", cluster.count());
      one.put("lat", round6(cluster.lat()));
      one.put("lng", round6(cluster.lng()));
      ObjectNode bounds = one.putObject("bounds");
      bounds.put("minLat", round6(cluster.bounds().minLat()));
      bounds.put("minLng", round6(cluster.bounds().minLng()));
      bounds.put("maxLat", round6(cluster.bounds().maxLat()));
      bounds.put("maxLng", round6(cluster.bounds().maxLng()));
      price(one, "minPrice", cluster.minPrice());
      price(one, "maxPrice", cluster.maxPrice());
      cluster.mlsId().ifPresent(id -> one.put("mlsId", id));
    }
    return json;
  }

  private static void price(ObjectNode json, String name, double price) {
    if (Double.isNaN(price)) {
      json.putNull(name);
    } else if (price == Math.rint(price)) {
      json.put(name, (long) price);
    } else {
      json.put(name, price);
    }
  }

  /** Six decimals: about 10 cm, finer than any map needs. */
  private static double round6(double degrees) {
    return Math.round(degrees * 1e6) / 1e6;
  }
}
