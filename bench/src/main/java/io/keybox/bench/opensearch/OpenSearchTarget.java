package io.keybox.bench.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.bench.SystemName;
import io.keybox.bench.keybox.HttpConnection;
import io.keybox.bench.load.Outcome;
import io.keybox.bench.load.Target;
import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.Mix;
import io.keybox.bench.mix.QueryClass;
import io.keybox.schema.listing.IdxRule;
import io.keybox.server.error.RequestException;
import io.keybox.server.http.edge.ErrorStatus;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * OpenSearch over HTTP, one keep-alive connection per client through the same minimal client the
 * bench drives Keybox with ({@link HttpConnection}). Each request's parameters are parsed by the
 * server's own parser and translated to a search body ({@link OpenSearchQueries}) sent with {@code
 * POST /listings/_search}; the client reads the whole answer, and parses it only to compare answers
 * or to follow a {@code lastId} cursor (the last hit's sort value).
 */
public final class OpenSearchTarget implements Target {
  private static final String SEARCH = "/" + OpenSearchLoader.INDEX + "/_search";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final int port;
  private final ListingRequestParser parser;

  public OpenSearchTarget(int port, int offsetWindow) {
    this.port = port;
    this.parser = new ListingRequestParser(offsetWindow);
  }

  @Override
  public SystemName system() {
    return SystemName.OPENSEARCH;
  }

  @Override
  public Optional<String> unsupported(QueryClass queryClass) {
    if (Mix.resoOnly(queryClass).isPresent()) {
      return Mix.resoOnly(queryClass);
    }
    if (queryClass.endpoints().contains(Endpoint.OPEN_HOUSES)
        || queryClass.endpoints().contains(Endpoint.ANALYTICS)
        || queryClass.endpoints().contains(Endpoint.CLUSTERS)) {
      return Optional.of(
          "the opensearch peer runs listing searches and single listings only (no open houses,"
              + " no analytics or geotile aggregations yet)");
    }
    if (queryClass.name().equals("radius")) {
      return Optional.of("the opensearch peer does not translate radius (geo_distance) yet");
    }
    return Optional.empty();
  }

  @Override
  public Session open() {
    HttpConnection connection =
        new HttpConnection("127.0.0.1", port, "Accept: application/json\r\n");
    return new Session() {
      @Override
      public Outcome execute(BenchRequest request, boolean detailed) throws IOException {
        byte[] body;
        ListingSearchRequest search = null;
        try {
          Params params = Params.parse(request.query());
          body =
              switch (request.endpoint()) {
                case SEARCH -> {
                  search = parser.parse(params);
                  yield JSON.writeValueAsBytes(OpenSearchQueries.search(search));
                }
                case LISTING ->
                    JSON.writeValueAsBytes(OpenSearchQueries.listing(request.mlsId(), idx(params)));
                case OPEN_HOUSES, ANALYTICS, CLUSTERS, RESO_PROPERTY ->
                    throw new IllegalArgumentException("not run by the opensearch peer");
              };
        } catch (RequestException e) {
          return Outcome.failed(ErrorStatus.of(e), e.getMessage());
        }
        HttpConnection.Response response = connection.post(SEARCH, body);
        if (response.status() != 200) {
          String text = response.bodyText().replace('\n', ' ');
          return Outcome.failed(
              response.status(), text.length() > 200 ? text.substring(0, 197) + "..." : text);
        }
        boolean cursor = search != null && search.lastId().isPresent();
        if (!detailed && !cursor) {
          return Outcome.ok(response.bodyLength(), -1, null);
        }
        JsonNode answer = JSON.readTree(response.body(), 0, response.bodyLength());
        JsonNode hits = answer.path("hits").path("hits");
        if (request.endpoint() == Endpoint.LISTING && hits.isEmpty()) {
          return Outcome.failed(404, "not found");
        }
        long next =
            cursor && hits.size() == search.limit()
                ? hits.get(hits.size() - 1).path("sort").path(0).asLong()
                : -1;
        List<String> keys = null;
        if (detailed) {
          keys = keys(answer, search != null && search.count());
        }
        return Outcome.ok(response.bodyLength(), next, keys);
      }

      @Override
      public void close() {
        connection.close();
      }
    };
  }

  /**
   * The identities of a search answer, as {@code AnswerKeys} gives them for Keybox's: the mlsId of
   * each hit's {@code doc} in order, then {@code total=N} when the total was asked for.
   */
  static List<String> keys(JsonNode answer, boolean withTotal) {
    List<String> keys = new ArrayList<>();
    for (JsonNode hit : answer.path("hits").path("hits")) {
      keys.add(hit.path("_source").path("doc").path("mlsId").asText());
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
