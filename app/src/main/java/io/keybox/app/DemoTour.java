package io.keybox.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.app.cli.CommandFailure;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

/**
 * The demo's tour of the API ({@code keybox demo --tour}): one request of each kind the API serves,
 * with the demo key, against the demo server just started: each sort and filter family, each
 * endpoint, compressed and not, and an error of each status. Its point is the classes it makes the
 * server load: run under {@code -XX:ArchiveClassesAtExit} (dist) or {@code
 * -XX:+AutoCreateSharedArchive} (run.sh's build), the JVM writes them into the server's class-data
 * archive as it exits. Written in Java against the API's own vocabulary, so an API change that
 * breaks a request fails the tour (exit 2, naming the request) rather than quietly thinning the
 * archive.
 */
final class DemoTour {
  private static final String AUTHORIZATION =
      "Basic " + Base64.getEncoder().encodeToString("demo:demo".getBytes(StandardCharsets.UTF_8));
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** Tries of a request answered 503 with {@code Retry-After}, the first included. */
  static final int MAX_TRIES = 5;

  /** The longest wait between them, whatever {@code Retry-After} says. */
  private static final Duration MAX_WAIT = Duration.ofSeconds(5);

  /**
   * Status, path and query, and whether to ask for gzip. Ids are filled in from earlier answers.
   */
  private record Step(int status, String method, String target, boolean gzip) {}

  private static final List<Step> SEARCHES =
      List.of(
          get(200, "/properties?cities=Houston&minbeds=3&limit=5", false), // the demo's own example
          get(
              200,
              "/properties?cities=Houston&minprice=150000&maxprice=900000&minbeds=2&maxbeds=5"
                  + "&minbaths=2&sort=-listprice&count=true",
              true),
          get(
              200,
              "/properties?points=29.6,-95.6&points=29.9,-95.6&points=29.9,-95.2"
                  + "&points=29.6,-95.2&sort=listdate",
              true),
          get(
              200,
              "/properties?q=hous&q=77&type=RES&type=CND&minarea=800&minyear=1960&maxdom=200"
                  + "&sort=beds",
              false),
          get(
              200,
              "/properties?status=Closed&status=Pending&minlistdate=2020-01-01"
                  + "&maxlistdate=2030-12-31&sort=-closedate&offset=1&limit=5",
              false),
          get(
              200,
              "/properties?features=Pantry&water=false&sort=baths&include=rooms&idx=ignore",
              false),
          get(200, "/properties?lastId=0&limit=500", true),
          get(200, "/properties/analytics?cities=Houston", false),
          get(200, "/openhouses?cities=Houston&minprice=100000&sort=-listprice", true),
          get(200, "/agents?name=a", false),
          new Step(200, "OPTIONS", "/", false),
          new Step(200, "OPTIONS", "/properties", false),
          get(400, "/properties?minprice=cheap", false),
          get(404, "/properties/999999999", false),
          get(404, "/nowhere", false),
          get(200, "/-/health", false));

  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(TIMEOUT).version(HttpClient.Version.HTTP_1_1).build();
  private final ObjectMapper json = new ObjectMapper();
  private final String base;
  private int answered;

  /** A tour of the server at {@code base}, e.g. {@code http://localhost:8080}. */
  DemoTour(String base) {
    this.base = base;
  }

  /**
   * Makes every request of the tour, then those of one listing and one open house of the demo's
   * answers; returns how many were answered as expected.
   *
   * @throws CommandFailure (exit 2) naming the request when a status is not the one expected
   */
  int run() throws IOException, InterruptedException {
    JsonNode page = send(get(200, "/properties?limit=1", false));
    long mlsId = first(page, "mlsId", "/properties?limit=1");
    JsonNode openHouses = send(get(200, "/openhouses?limit=1", false));
    long openHouseKey = first(openHouses, "openHouseKey", "/openhouses?limit=1");
    for (Step step : SEARCHES) {
      send(step);
    }
    send(get(200, "/properties/" + mlsId + "?include=compliance", false));
    send(get(200, "/properties/" + mlsId + "/analytics", false));
    send(get(200, "/openhouses/" + openHouseKey, false));
    return answered;
  }

  private static Step get(int status, String target, boolean gzip) {
    return new Step(status, "GET", target, gzip);
  }

  /** The body's JSON (null for a compressed or empty one) once the status is the expected one. */
  private JsonNode send(Step step) throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + step.target()))
            .timeout(TIMEOUT)
            .header("Authorization", AUTHORIZATION)
            .method(step.method(), HttpRequest.BodyPublishers.noBody());
    if (step.gzip()) {
      request.header("Accept-Encoding", "gzip");
    }
    HttpResponse<byte[]> response =
        client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    // A server just started on a busy machine may shed its first requests (503, Retry-After) while
    // it warms up; the tour waits as a client should, rather than leave the build without an
    // archive.
    for (int retry = 1; retry < MAX_TRIES && isOverloaded(response, step); retry++) {
      Thread.sleep(retryAfter(response).toMillis());
      response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }
    if (response.statusCode() != step.status()) {
      throw CommandFailure.failure(
          "the tour's "
              + step.method()
              + " "
              + step.target()
              + " answered "
              + response.statusCode()
              + ", not "
              + step.status(),
          null);
    }
    answered++;
    boolean compressed = response.headers().firstValue("Content-Encoding").isPresent();
    return compressed || response.body().length == 0 ? null : json.readTree(response.body());
  }

  /** A 503 that says when to come back, to a request expecting something else. */
  private static boolean isOverloaded(HttpResponse<?> response, Step step) {
    return response.statusCode() == 503
        && step.status() != 503
        && response.headers().firstValue("Retry-After").isPresent();
  }

  /** The response's {@code Retry-After} in seconds, at most {@link #MAX_WAIT}. */
  private static Duration retryAfter(HttpResponse<?> response) {
    try {
      long seconds =
          Long.parseLong(response.headers().firstValue("Retry-After").orElse("1").trim());
      return Duration.ofSeconds(Math.clamp(seconds, 0, MAX_WAIT.toSeconds()));
    } catch (NumberFormatException e) { // an HTTP date: the server is not ours; wait the most
      return MAX_WAIT;
    }
  }

  /** The field {@code name} of a page's (a JSON array's) first item. */
  private static long first(JsonNode page, String name, String target) {
    JsonNode value = page == null ? null : page.path(0).get(name);
    if (value == null || !value.canConvertToLong()) {
      throw CommandFailure.failure(
          "the tour's GET " + target + " answered no " + name + " in its first item", null);
    }
    return value.asLong();
  }
}
