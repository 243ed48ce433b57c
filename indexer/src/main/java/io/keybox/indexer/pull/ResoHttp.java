package io.keybox.indexer.pull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * The HTTP side of a pull: GETs OData pages with the JDK's {@link HttpClient}, authenticated,
 * rate-capped and retried as RESO servers expect, and hands each page's body to the caller as a
 * stream (gzip undone), so a page is never held whole in memory.
 *
 * <ul>
 *   <li>OAuth2 client credentials: a token is fetched before the first request, fetched again a
 *       little before it expires, and once more when a request answers 401 (the server may end a
 *       token early); a second 401 stops the run.
 *   <li>429 and 503 wait for their Retry-After (seconds or an HTTP date, capped at 10 minutes),
 *       else back off exponentially from 1 s to 64 s. Transient failures (500, 502, 504, a
 *       connection refused or reset, a time-out, a body cut short) back off the same way. After
 *       {@code retries} waits for one page the run stops, naming the URL. Any other status stops
 *       the run at once with one line naming the URL and the status.
 *   <li>Requests start at most {@code maxRps} per second (MLS Grid publishes 2).
 * </ul>
 *
 * <p>Kept on the JDK client rather than a library: it does HTTP/1.1 and 2, TLS and redirects, and
 * the OData side is three query parameters and one JSON field. NOTE: not thread-safe; one pull uses
 * one instance from one thread.
 */
public final class ResoHttp {
  /** The waits for one request before a pull stops, unless the caller says otherwise. */
  public static final int DEFAULT_RETRIES = 8;

  private static final Duration MAX_BACKOFF = Duration.ofSeconds(64);
  private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);

  /** Waits; the tests' pause records instead of sleeping. */
  @FunctionalInterface
  public interface Pause {
    void sleep(Duration duration) throws InterruptedException;

    Pause REAL =
        duration -> {
          if (!duration.isNegative() && !duration.isZero()) {
            Thread.sleep(duration);
          }
        };
  }

  /**
   * Reads a page's body. An {@link IOException} other than a {@link
   * com.fasterxml.jackson.core.JsonProcessingException} is taken as the connection failing (the
   * page is asked again); a JSON error or a {@link PullException} stops the run.
   */
  @FunctionalInterface
  public interface BodyReader<T> {
    T read(InputStream body) throws IOException;
  }

  private final HttpClient client;
  private final Credentials credentials;
  private final ObjectMapper mapper;
  private final Clock clock;
  private final Pause pause;
  private final Duration interval;
  private final int retries;
  private Instant nextStart = Instant.MIN;
  private String token;
  private Instant tokenExpiry = Instant.MIN;
  private long requests;

  /**
   * @param maxRps the most requests started per second, above 0
   * @param retries the waits for one request before the run stops, 0 or more
   */
  public ResoHttp(
      HttpClient client,
      Credentials credentials,
      ObjectMapper mapper,
      Clock clock,
      Pause pause,
      double maxRps,
      int retries) {
    if (!(maxRps > 0)) {
      throw new IllegalArgumentException("maxRps must be above 0 (got: " + maxRps + ")");
    }
    if (retries < 0) {
      throw new IllegalArgumentException("retries must be >= 0 (got: " + retries + ")");
    }
    this.client = client;
    this.credentials = credentials;
    this.mapper = mapper;
    this.clock = clock;
    this.pause = pause;
    this.interval = Duration.ofNanos((long) (1e9 / maxRps));
    this.retries = retries;
    if (credentials instanceof Credentials.BearerToken bearer) {
      token = bearer.token();
      tokenExpiry = Instant.MAX;
    }
  }

  /** The requests sent so far, token requests and retries included. */
  public long requests() {
    return requests;
  }

  /**
   * GETs {@code uri} and parses its JSON body whole (for small answers).
   *
   * @throws PullException when the server answers with a status not retried, or retries run out
   */
  public JsonNode get(URI uri) throws IOException, InterruptedException {
    return get(uri, Map.of(), mapper::readTree);
  }

  /**
   * GETs {@code uri} with {@code headers} and hands its body, as a stream, to {@code reader}; asks
   * again (with backoff) when the connection fails before the reader is done.
   *
   * @throws PullException when the server answers with a status not retried, the body is not JSON,
   *     or retries run out; the message names the URL
   */
  public <T> T get(URI uri, Map<String, String> headers, BodyReader<T> reader)
      throws IOException, InterruptedException {
    boolean refreshed = false;
    Duration backoff = Duration.ofSeconds(1);
    for (int retry = 0; ; retry++) {
      String bearer = token();
      HttpRequest.Builder request =
          HttpRequest.newBuilder(uri)
              .timeout(REQUEST_TIMEOUT)
              .header("Accept", "application/json")
              // MLS Grid refuses requests that do not take gzip; pages shrink ten-fold.
              .header("Accept-Encoding", "gzip")
              .header("Authorization", "Bearer " + bearer);
      headers.forEach(request::header);
      String failure;
      Optional<Duration> after = Optional.empty();
      try {
        HttpResponse<InputStream> response = send(request.GET().build());
        int status = response.statusCode();
        try (InputStream body = response.body()) {
          if (status == 200) {
            return read(uri, body(response, body), reader);
          }
          if (status == 401 && credentials instanceof Credentials.ClientCredentials && !refreshed) {
            refreshed = true;
            tokenExpiry = Instant.MIN;
            retry--;
            continue;
          }
          if (status == 401 || status == 403) {
            throw new PullException(
                "GET " + uri + " returned " + status + ": the MLS refused the credentials",
                true,
                null);
          }
          if (!retried(status)) {
            throw new PullException("GET " + uri + " returned " + status, status);
          }
          failure = "returned " + status;
          if (status == 429 || status == 503) {
            after = RetryAfter.of(response, clock);
          }
        }
      } catch (PullException e) {
        throw e;
      } catch (IOException e) {
        failure = "failed: " + describe(e);
      }
      if (retry >= retries) {
        throw new PullException(
            "GET "
                + uri
                + " "
                + failure
                + (retries > 0 ? " (" + (retries + 1) + " tries)" : "")
                + "; try again later"
                + (failure.endsWith("429") ? " or lower --max-rps" : ""));
      }
      pause.sleep(after.orElse(backoff));
      backoff = min(backoff.multipliedBy(2), MAX_BACKOFF);
    }
  }

  /** The statuses that say "try again": rate limits, overload and gateways. */
  private static boolean retried(int status) {
    return status == 429 || status == 500 || status == 502 || status == 503 || status == 504;
  }

  private <T> T read(URI uri, InputStream body, BodyReader<T> reader) throws IOException {
    try {
      return reader.read(body);
    } catch (JsonProcessingException e) {
      if (e instanceof com.fasterxml.jackson.core.io.JsonEOFException) {
        throw e; // a body cut short: the connection failed, ask again
      }
      throw new PullException(
          "GET " + uri + " returned a body that is not JSON (" + e.getOriginalMessage() + ")",
          false,
          e);
    }
  }

  private static String describe(IOException e) {
    return e.getClass().getSimpleName() + (e.getMessage() != null ? " " + e.getMessage() : "");
  }

  private static InputStream body(HttpResponse<?> response, InputStream body) throws IOException {
    boolean gzip =
        response
            .headers()
            .firstValue("Content-Encoding")
            .map(v -> v.strip().equalsIgnoreCase("gzip"))
            .orElse(false);
    return gzip ? new GZIPInputStream(body, 1 << 16) : body;
  }

  private String token() throws IOException, InterruptedException {
    if (credentials instanceof Credentials.ClientCredentials oauth
        && !clock.instant().isBefore(tokenExpiry)) {
      fetchToken(oauth);
    }
    return token;
  }

  private void fetchToken(Credentials.ClientCredentials oauth)
      throws IOException, InterruptedException {
    String form =
        "grant_type=client_credentials&client_id="
            + URLEncoder.encode(oauth.clientId(), StandardCharsets.UTF_8)
            + "&client_secret="
            + URLEncoder.encode(oauth.clientSecret(), StandardCharsets.UTF_8)
            + oauth
                .scope()
                .map(s -> "&scope=" + URLEncoder.encode(s, StandardCharsets.UTF_8))
                .orElse("");
    URI uri = oauth.tokenUrl();
    HttpResponse<byte[]> response;
    pace();
    try {
      response =
          client.send(
              HttpRequest.newBuilder(uri)
                  .timeout(REQUEST_TIMEOUT)
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .header("Accept", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(form))
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new PullException("POST " + uri + " failed: " + describe(e), false, e);
    }
    int status = response.statusCode();
    if (status == 400 || status == 401 || status == 403) {
      throw new PullException(
          "POST "
              + uri
              + " returned "
              + status
              + ": the token endpoint refused client id '"
              + oauth.clientId()
              + "' and its secret",
          true,
          null);
    }
    if (status != 200) {
      throw new PullException("POST " + uri + " returned " + status);
    }
    JsonNode json;
    try {
      json = mapper.readTree(response.body());
    } catch (IOException e) {
      json = null;
    }
    if (json == null || !json.path("access_token").isTextual()) {
      throw new PullException("POST " + uri + " returned no access_token");
    }
    token = json.get("access_token").asText();
    long seconds = json.path("expires_in").asLong(3600);
    // Renew a little early (a tenth of the lifetime, at most a minute) so no request carries a
    // token that expires on its way.
    long margin = Math.min(60, seconds / 10);
    tokenExpiry = clock.instant().plusSeconds(Math.max(0, seconds - margin));
  }

  /** Sends a request once the rate cap allows; a failure to connect or read is thrown as is. */
  private HttpResponse<InputStream> send(HttpRequest request)
      throws IOException, InterruptedException {
    pace();
    return client.send(request, HttpResponse.BodyHandlers.ofInputStream());
  }

  private void pace() throws InterruptedException {
    Instant now = clock.instant();
    if (now.isBefore(nextStart)) {
      pause.sleep(Duration.between(now, nextStart));
      now = nextStart;
    }
    nextStart = now.plus(interval);
    requests++;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
