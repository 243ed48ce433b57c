package io.keybox.indexer.pull;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.pull.fixture.ResoRecords;
import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/**
 * {@link ResoHttp} against {@link ResoWebApiServer}: tokens renewed before they expire and once on
 * a 401, Retry-After as seconds and as an HTTP date, the backoff's cap, and the one line that names
 * the URL when retries run out. The clock is set by hand; the pauses are recorded, never slept.
 */
final class ResoHttpTest {
  private static final Instant NOW = Instant.parse("2026-11-28T00:00:00Z");
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResoWebApiServer mls;
  private final MutableClock clock = MutableClock.of(NOW, ZoneOffset.UTC);
  private final List<Duration> pauses = new ArrayList<>();

  @BeforeEach
  void setUp() throws Exception {
    mls = new ResoWebApiServer();
    mls.put("Property", ResoRecords.property(7, 1, NOW.minusSeconds(3600)));
  }

  @AfterEach
  void tearDown() {
    mls.close();
  }

  private ResoHttp http(int retries) {
    return new ResoHttp(
        HttpClient.newHttpClient(),
        new Credentials.ClientCredentials(
            URI.create(mls.tokenUrl()),
            ResoWebApiServer.CLIENT_ID,
            ResoWebApiServer.CLIENT_SECRET,
            Optional.empty()),
        JSON,
        clock,
        pauses::add,
        // No rate cap to speak of: the pauses are the retries' alone.
        1e12,
        retries);
  }

  private URI property() {
    return URI.create(mls.serviceRoot() + "/Property?$top=10");
  }

  @Test
  void aTokenIsRenewedALittleBeforeItExpires() throws Exception {
    mls.tokenLifetime(100); // renewed 10 s early: a tenth of its life
    ResoHttp http = http(0);
    http.get(property());
    clock.setInstant(NOW.plusSeconds(89));
    http.get(property());
    assertEquals(1, mls.tokensIssued());
    clock.setInstant(NOW.plusSeconds(90));
    http.get(property());
    assertEquals(2, mls.tokensIssued());
  }

  @Test
  void a401FetchesANewTokenOnceAndASecondOneStopsTheRun() throws Exception {
    mls.tokenUses(1);
    ResoHttp http = http(0);
    http.get(property());
    http.get(property()); // the token's one use is spent: 401, a new token, the page
    assertEquals(2, mls.tokensIssued());

    mls.tokenUses(0);
    PullException refused = assertThrows(PullException.class, () -> http(0).get(property()));
    assertEquals(
        "GET " + property() + " returned 401: the MLS refused the credentials",
        refused.getMessage());
    assertTrue(refused.credentials());
  }

  @Test
  void retryAfterIsReadAsSecondsAndAsAnHttpDateAndCappedAtTenMinutes() throws Exception {
    mls.fault(new ResoWebApiServer.Fault("Property", 0, 429, "7"));
    mls.fault(
        new ResoWebApiServer.Fault(
            "Property",
            0,
            503,
            DateTimeFormatter.RFC_1123_DATE_TIME.format(
                NOW.plusSeconds(30).atZone(ZoneOffset.UTC))));
    mls.fault(new ResoWebApiServer.Fault("Property", 0, 429, "86400"));

    http(8).get(property());

    assertEquals(
        List.of(Duration.ofSeconds(7), Duration.ofSeconds(30), Duration.ofMinutes(10)), pauses);
  }

  @Test
  void theBackoffDoublesToAMinuteAndRetriesRunOutWithOneLineNamingTheUrl() {
    mls.fault(new ResoWebApiServer.Fault("Property", 0, 502, null, 10));

    PullException failed = assertThrows(PullException.class, () -> http(8).get(property()));

    assertEquals(
        List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L, 64L),
        pauses.stream().map(Duration::toSeconds).toList());
    assertEquals(
        "GET " + property() + " returned 502 (9 tries); try again later", failed.getMessage());
  }

  @Test
  void aStatusThatIsNotTransientStopsAtOnce() {
    mls.fault(new ResoWebApiServer.Fault("Property", 0, 400, null));

    PullException failed = assertThrows(PullException.class, () -> http(8).get(property()));

    assertEquals("GET " + property() + " returned 400", failed.getMessage());
    assertEquals(400, failed.status());
    assertEquals(List.of(), pauses);
  }
}
