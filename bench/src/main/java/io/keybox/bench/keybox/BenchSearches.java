package io.keybox.bench.keybox;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The bench key's saved searches on a server started with alerts ({@code --alerts N}): each a city
 * of the run's vocabulary, a minimum of 2 to 4 bedrooms and a $100,000 price band, as the alerts
 * bench saves them, with a webhook on the discard port of loopback. A run makes no commit, so the
 * searches are matched against nothing and nothing is delivered; they are what a site's server
 * holds while it answers its visitors (issue 35: the request path with alerts on).
 */
public final class BenchSearches {
  /** Where the searches' webhooks point: nothing listens there, and nothing is sent. */
  static final String WEBHOOK = "http://127.0.0.1:9/keybox-bench";

  private BenchSearches() {}

  /**
   * Makes {@code server} hold {@code count} searches of the bench key ({@code POST /searches}), the
   * cities taken in turn from {@code cities}. A data directory reused from an earlier run ({@code
   * --reuse-index}) keeps that run's searches in its state store: only those missing are saved.
   *
   * @throws IOException when the server refuses one, or already holds more than {@code count}; the
   *     message holds its status and answer
   */
  public static void save(ServerProcess server, int count, List<String> cities)
      throws IOException, InterruptedException {
    String authorization = HttpConnection.basic(ServerProcess.KEY, server.secret());
    URI searches = URI.create("http://127.0.0.1:" + server.port() + "/searches");
    try (HttpClient client = HttpClient.newHttpClient()) {
      int held = held(client, searches, authorization);
      if (held > count) {
        throw new IOException(
            "the data directory already holds "
                + held
                + " searches of the bench key, more than --alerts "
                + count
                + ": use another --work-dir, or --alerts "
                + held);
      }
      for (int i = held; i < count; i++) {
        HttpRequest request =
            HttpRequest.newBuilder(searches)
                .header("Authorization", authorization)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body(i, cities)))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201) {
          throw new IOException(
              "saving bench search "
                  + (i + 1)
                  + " of "
                  + count
                  + ": POST /searches answered "
                  + response.statusCode()
                  + ": "
                  + response.body());
        }
      }
    }
  }

  /** How many searches the bench key holds: {@code GET /searches}' {@code X-Total-Count}. */
  private static int held(HttpClient client, URI searches, String authorization)
      throws IOException, InterruptedException {
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(URI.create(searches + "?limit=1"))
                .header("Authorization", authorization)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(
          "GET /searches answered " + response.statusCode() + ": " + response.body());
    }
    return Integer.parseInt(
        response
            .headers()
            .firstValue("X-Total-Count")
            .orElseThrow(() -> new IOException("GET /searches answered without X-Total-Count")));
  }

  /** The {@code i}-th search's JSON. */
  static String body(int i, List<String> cities) {
    int minPrice = 100_000 + 25_000 * (i % 20);
    String query =
        (cities.isEmpty()
                ? ""
                : "cities="
                    + URLEncoder.encode(cities.get(i % cities.size()), StandardCharsets.UTF_8)
                    + "&")
            + "minbeds="
            + (2 + i % 3)
            + "&minprice="
            + minPrice
            + "&maxprice="
            + (minPrice + 100_000);
    return "{\"name\":\"bench "
        + (i + 1)
        + "\",\"query\":\""
        + query
        + "\",\"webhook\":\""
        + WEBHOOK
        + "\",\"events\":[\"new\",\"price\",\"status\",\"openhouse\"]}";
  }
}
