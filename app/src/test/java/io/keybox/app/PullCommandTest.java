package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.indexer.pull.fixture.ResoRecords;
import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keybox pull} against {@link ResoWebApiServer}: a full pull through an expiring token, a
 * 429 and {@code @odata.nextLink} paging, indexed and served; an incremental pull with changes and
 * deletes; a pull interrupted at each page, which changes neither the index nor the state; bad
 * credentials; and secrets never printed.
 */
final class PullCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant T0 = Instant.parse("2026-11-20T08:00:00Z");
  private static final int LISTINGS = 230;
  private static final int PAGE = 40;
  private static final int OPEN_HOUSES = 12;

  @TempDir Path dir;
  private ResoWebApiServer mls;
  private Path data;
  private Path secretFile;

  @BeforeEach
  void setUp() throws IOException {
    mls = new ResoWebApiServer().seed(LISTINGS, PullCommandTest::modified, OPEN_HOUSES, T0);
    mls.paging(ResoWebApiServer.Paging.STANDARD);
    data = dir.resolve("data");
    secretFile = Files.writeString(dir.resolve("client.secret"), ResoWebApiServer.CLIENT_SECRET);
  }

  @AfterEach
  void tearDown() {
    mls.close();
  }

  /** Two minutes apart, so an incremental pull's minute of overlap re-reads only the latest. */
  private static Instant modified(int listing) {
    return T0.plus(Duration.ofMinutes(2L * listing));
  }

  private Commands.Result pull(String... more) {
    return pull(Map.of(), more);
  }

  /** {@code pull} of vendor v with the bearer token {@code token} in the environment. */
  private Commands.Result pullWithToken(String token, String... more) {
    return Commands.run(
        new byte[0],
        Map.of(PullCommand.BEARER_TOKEN_ENV, token),
        "pull",
        PullArguments.of(data, "v", mls, List.of(more)).toArray(String[]::new));
  }

  private Commands.Result pull(Map<String, String> env, String... more) {
    List<String> options = new ArrayList<>(PullArguments.clientCredentials(mls, secretFile));
    options.addAll(
        List.of("--page-size", String.valueOf(PAGE), "--max-rps", "1000", "--threads", "2"));
    options.addAll(List.of(more));
    List<String> args = PullArguments.of(data, "v", mls, options);
    Commands.Result result = Commands.run(new byte[0], env, "pull", args.toArray(String[]::new));
    for (String secret :
        List.of(ResoWebApiServer.CLIENT_SECRET, ResoWebApiServer.BEARER_TOKEN, "tok-")) {
      assertFalse(result.out().contains(secret), "secret in the output: " + result.out());
      assertFalse(result.err().contains(secret), "secret in the errors: " + result.err());
    }
    return result;
  }

  @Test
  void aFullPullThroughAnExpiringTokenAnd429IsIndexedAndServed() throws Exception {
    mls.tokenUses(3);
    mls.fault(new ResoWebApiServer.Fault("Property", 2, 429, "1"));
    mls.fault(new ResoWebApiServer.Fault("Property", 4, 503, null));
    // Retry-After as an HTTP date (RFC 9110), here one already past: retried at once.
    mls.fault(
        new ResoWebApiServer.Fault(
            "OpenHouse",
            0,
            429,
            java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).minusSeconds(5))));

    Commands.Result result = pull("--full", "--scope", "api");

    assertEquals(0, result.code(), result.err());
    assertEquals("", result.err());
    String[] lines = result.out().split("\n");
    assertEquals(2, lines.length, result.out());
    assertTrue(
        lines[0].startsWith(
            "keybox pull: vendor v: full pull of 230 Property, 12 OpenHouse, 4 Member, 8 pages,"),
        lines[0]);
    assertTrue(
        lines[1].startsWith(
            "keybox pull: vendor v: 230 listings written, 0 removed, 12 open houses, 4 agents,"
                + " 0 rejected (see "),
        lines[1]);
    // The token was good for three requests: the pull fetched new ones, after a 401 each time.
    assertTrue(mls.tokensIssued() >= 3, "tokens: " + mls.tokensIssued());
    List<String> requests = mls.requests();
    assertEquals(
        2, requests.stream().filter(r -> r.endsWith("-> 429")).count(), requests.toString());
    assertTrue(requests.stream().anyMatch(r -> r.endsWith("-> 503")), requests.toString());
    assertTrue(requests.stream().anyMatch(r -> r.endsWith("-> 401")), requests.toString());
    assertTrue(
        requests.contains(
            "GET /odata/Property {$count=true, $expand=Media} Prefer: odata.maxpagesize=40 -> 200"),
        requests.toString());
    assertTrue(
        mls.authorizations().stream().anyMatch(a -> a.endsWith("&scope=api")),
        mls.authorizations().toString());
    // The secret went only into the token request's body.
    for (String seen : mls.authorizations()) {
      assertTrue(
          !seen.contains(ResoWebApiServer.CLIENT_SECRET) || seen.startsWith("grant_type="), seen);
    }

    assertEquals(new PullStateView(modified(LISTINGS - 1)), PullStateView.read(data));
    try (Served served = new Served(data)) {
      assertEquals(LISTINGS, served.count("/properties?vendor=v"));
      JsonNode listing = served.one("/properties?vendor=v&q=" + ResoRecords.listingId(9));
      JsonNode expected = ResoRecords.property(7, 9, modified(9));
      assertEquals(expected.get("ListPrice").asLong(), listing.get("listPrice").asLong());
      assertEquals("Luis", listing.at("/agent/firstName").asText(), listing.toString());
      assertEquals("Ortega", listing.at("/agent/lastName").asText(), listing.toString());
      assertEquals(OPEN_HOUSES, served.count("/openhouses?vendor=v"));
      assertEquals(4, served.count("/agents?vendor=v"));
    }
  }

  @Test
  void aPullWithPublishToPublishesTheCommitAndItsPullStateAfterIndexing() throws Exception {
    Path store = dir.resolve("store");

    Commands.Result result = pull("--quiet", "--publish-to", store.toUri().toString());

    assertEquals(0, result.code(), result.err());
    String[] lines = result.out().split("\n");
    assertEquals(3, lines.length, result.out());
    assertTrue(lines[2].startsWith("keybox pull: vendor v: published generation "), lines[2]);
    assertTrue(Files.isRegularFile(store.resolve("v").resolve("current")));
    // The pull state travels with the publication: a node restored from the store resumes from it.
    try (Stream<Path> side = Files.list(store.resolve("v").resolve("side"))) {
      assertTrue(
          side.anyMatch(p -> p.getFileName().toString().startsWith("pull-state.json")),
          "pull-state.json is published");
    }
  }

  @Test
  void anIncrementalPullAppliesChangesAndDeletesSinceTheHighWaterMark() throws Exception {
    assertEquals(0, pull("--quiet").code());
    Instant later = modified(LISTINGS).plus(Duration.ofHours(2));
    ObjectNode changed = ResoRecords.property(7, 3, later);
    changed.put("ListPrice", 123_000);
    mls.put("Property", changed);
    ObjectNode deleted = ResoRecords.property(7, 5, later);
    deleted.put("StandardStatus", "Delete");
    mls.put("Property", deleted);
    ObjectNode withdrawn = ResoRecords.property(7, 6, later.plusSeconds(1));
    withdrawn.put("MlgCanView", false);
    mls.put("Property", withdrawn);
    mls.put("Property", ResoRecords.property(7, 900, later.plusSeconds(2)));
    mls.clearLog();

    Commands.Result result = pull("--quiet");

    assertEquals(0, result.code(), result.err());
    String[] lines = result.out().split("\n");
    assertTrue(
        lines[0].startsWith(
            // Each resource from its own mark less a minute: the open houses and members of T0
            // come again, applied as they were.
            "keybox pull: vendor v: incremental pull of 5 Property, 12 OpenHouse, 4 Member,"),
        lines[0]);
    assertTrue(
        lines[1].startsWith("keybox pull: vendor v: 3 listings written, 2 removed,"), lines[1]);
    // From the high-water mark less a minute: the latest listing of the last pull comes again.
    String since = modified(LISTINGS - 1).minus(Duration.ofMinutes(1)).toString();
    assertTrue(
        mls.requests()
            .contains(
                "GET /odata/Property {$count=true, $expand=Media, $filter=ModificationTimestamp gt "
                    + since
                    + "} Prefer: odata.maxpagesize=40 -> 200"),
        mls.requests().toString());
    assertEquals(new PullStateView(later.plusSeconds(2)), PullStateView.read(data));
    try (Served served = new Served(data)) {
      assertEquals(LISTINGS - 2 + 1, served.count("/properties?vendor=v"));
      assertEquals(
          123_000,
          served
              .one("/properties?vendor=v&q=" + ResoRecords.listingId(3))
              .get("listPrice")
              .asLong());
      assertEquals(0, served.count("/properties?vendor=v&q=" + ResoRecords.listingId(5)));
      assertEquals(0, served.count("/properties?vendor=v&q=" + ResoRecords.listingId(6)));
      assertEquals(1, served.count("/properties?vendor=v&q=" + ResoRecords.listingId(900)));
      // The open houses of the deleted and the withdrawn listing went with them.
      assertEquals(OPEN_HOUSES - 2, served.count("/openhouses?vendor=v"));
    }

    // Nothing new: the minute of overlap brings the last four again, applied as they were.
    Commands.Result again = pull("--quiet");
    assertEquals(0, again.code(), again.err());
    assertTrue(
        again.out().contains("incremental pull of 4 Property, 12 OpenHouse, 4 Member"),
        again.out());
    assertTrue(again.out().contains(": 2 listings written, 0 removed,"), again.out());
    assertEquals(new PullStateView(later.plusSeconds(2)), PullStateView.read(data));
  }

  @Test
  void aPullInterruptedAtAnyPageChangesNeitherTheIndexNorTheState() throws Exception {
    assertEquals(0, pull("--quiet").code());
    mls.put("Property", ResoRecords.property(7, 901, modified(LISTINGS + 10)));
    byte[] state = Files.readAllBytes(data.resolve("v").resolve("pull-state.json"));
    Set<String> index = files(data.resolve("v").resolve("index"));
    List<ResoWebApiServer.Fault> faults = new ArrayList<>();
    int pages = (LISTINGS + PAGE - 1) / PAGE;
    for (int page = 0; page < pages; page++) {
      faults.add(new ResoWebApiServer.Fault("Property", page, 500, null));
    }
    faults.add(new ResoWebApiServer.Fault("OpenHouse", 0, 500, null));
    faults.add(new ResoWebApiServer.Fault("Member", 0, 500, null));

    for (ResoWebApiServer.Fault fault : faults) {
      mls.fault(fault);
      Commands.Result result = pull("--full", "--quiet", "--retries", "0");
      assertEquals(2, result.code(), fault + ": " + result.out() + result.err());
      String err = result.err();
      assertTrue(
          err.matches(
              "keybox pull: GET "
                  + java.util.regex.Pattern.quote(mls.serviceRoot() + "/" + fault.resource())
                  + "\\?\\S+ returned 500; try again later; the index and the pull state are"
                  + " unchanged\n"),
          fault + ": " + err);
      assertEquals("", result.out(), fault.toString());
      assertEquals(
          new String(state, StandardCharsets.UTF_8),
          Files.readString(data.resolve("v").resolve("pull-state.json")),
          fault.toString());
      assertEquals(index, files(data.resolve("v").resolve("index")), fault.toString());
    }

    Commands.Result again = pull("--full", "--quiet");
    assertEquals(0, again.code(), again.err());
    try (Served served = new Served(data)) {
      assertEquals(LISTINGS + 1, served.count("/properties?vendor=v"));
    }
  }

  @Test
  void pagingTopSendsTopAsThePageSizeToAServerThatPagesByIt() throws Exception {
    mls.paging(ResoWebApiServer.Paging.TOP_IS_PAGE_SIZE);

    Commands.Result result = pull("--full", "--quiet", "--paging", "top");

    assertEquals(0, result.code(), result.err());
    assertEquals("", result.err());
    assertTrue(
        result.out().startsWith("keybox pull: vendor v: full pull of 230 Property, 12 OpenHouse,"),
        result.out());
    assertTrue(
        mls.requests().contains("GET /odata/Property {$count=true, $expand=Media, $top=40} -> 200"),
        mls.requests().toString());
    assertTrue(
        mls.requests().contains("GET /odata/Property {$expand=Media, $skip=200, $top=40} -> 200"),
        mls.requests().toString());
    try (Served served = new Served(data)) {
      assertEquals(LISTINGS, served.count("/properties?vendor=v"));
    }
  }

  @Test
  void aShortPullIsRefusedWithNothingPublishedOnTheFirstPullAndLater() throws Exception {
    // A standards server reads $top as the total: with --paging top it sends one page of 40.
    Commands.Result first = pull("--full", "--quiet", "--paging", "top");

    assertEquals(2, first.code(), first.out());
    assertEquals("", first.out());
    assertEquals(
        "keybox pull: warning: Property: the last page held exactly 40 records (--page-size) and"
            + " no @odata.nextLink; if the server reads $top as the total, pull with --paging"
            + " odata\n"
            + "keybox pull: Property: the server reported 230 records (@odata.count) but the pull"
            + " received 40; if the server reads $top as the total, pull with --paging odata; the"
            + " index and the pull state are unchanged\n",
        first.err());
    assertFalse(Files.exists(data.resolve("v").resolve("index")));
    assertFalse(Files.exists(data.resolve("v").resolve("pull-state.json")));

    assertEquals(0, pull("--full", "--quiet").code());
    String state = Files.readString(data.resolve("v").resolve("pull-state.json"));
    Set<String> index = files(data.resolve("v").resolve("index"));
    Commands.Result later = pull("--full", "--quiet", "--paging", "top");
    assertEquals(2, later.code());
    assertEquals(state, Files.readString(data.resolve("v").resolve("pull-state.json")));
    assertEquals(index, files(data.resolve("v").resolve("index")));
  }

  @Test
  void aPullCutOffAtAPageResumesAtThatPage() throws Exception {
    mls.fault(new ResoWebApiServer.Fault("Property", 4, ResoWebApiServer.RESET, null));
    Commands.Result cut = pull("--full", "--quiet", "--retries", "0");
    assertEquals(2, cut.code(), cut.out() + cut.err());
    assertTrue(cut.err().contains("/Property?$skiptoken="), cut.err());
    mls.clearLog();

    Commands.Result resumed = pull("--full", "--quiet");

    assertEquals(0, resumed.code(), resumed.err());
    assertTrue(
        resumed
            .out()
            .startsWith(
                "keybox pull: vendor v: full pull of 230 Property, 12 OpenHouse, 4 Member, 8 pages"
                    + " (4 resumed),"),
        resumed.out());
    // The pull reads $metadata again (is Media still advertised?), then resumes at its page.
    String firstPage =
        mls.requests().stream()
            .filter(r -> r.startsWith("GET /odata/Property"))
            .findFirst()
            .orElseThrow();
    assertTrue(firstPage.startsWith("GET /odata/Property {$expand=Media, $skiptoken="), firstPage);
    try (Served served = new Served(data)) {
      assertEquals(LISTINGS, served.count("/properties?vendor=v"));
    }
  }

  @Test
  void badCredentialsStopThePullWithOneLineAndNothingChanges() throws Exception {
    Files.writeString(secretFile, "wrong-secret");
    Commands.Result result = pull();
    assertEquals(1, result.code());
    assertEquals("", result.out());
    assertEquals(
        "keybox pull: POST "
            + mls.tokenUrl()
            + " returned 401: the token endpoint refused client id 'keybox-test' and its secret;"
            + " the index and the pull state are unchanged\n",
        result.err());
    assertFalse(result.err().contains("wrong-secret"));
    assertFalse(Files.exists(data.resolve("v").resolve("pull-state.json")));
    assertFalse(Files.exists(data.resolve("v").resolve("index")));

    Commands.Result bearer = pullWithToken("not-the-token", "--max-rps", "1000");
    assertEquals(1, bearer.code());
    assertTrue(
        bearer
            .err()
            .startsWith("keybox pull: GET " + mls.serviceRoot() + "/$metadata returned 401"),
        bearer.err());
    assertTrue(
        bearer
            .err()
            .endsWith(
                " returned 401: the MLS refused the credentials; the index and the"
                    + " pull state are unchanged\n"),
        bearer.err());
    assertFalse(bearer.err().contains("not-the-token"));
  }

  @Test
  void aBearerTokenFromTheEnvironmentPullsTheFilteredRecords() throws Exception {
    Commands.Result result =
        pullWithToken(
            ResoWebApiServer.BEARER_TOKEN,
            "--resources",
            "Property",
            "--filter",
            "City eq 'Katy'",
            "--max-rps",
            "1000",
            "--quiet");
    assertEquals(0, result.code(), result.err());
    long katy = Stream.iterate(0, i -> i + 1).limit(LISTINGS).filter(i -> i % 3 == 1).count();
    assertTrue(
        result
            .out()
            .startsWith("keybox pull: vendor v: full pull of " + katy + " Property, 1 pages,"),
        result.out());
    assertFalse(result.out().contains(ResoWebApiServer.BEARER_TOKEN));
    assertTrue(
        mls.requests()
            .contains(
                "GET /odata/Property {$count=true, $expand=Media, $filter=City eq 'Katy'}"
                    + " Prefer: odata.maxpagesize=1000 -> 200"),
        mls.requests().toString());
  }

  @Test
  void optionsAreCheckedBeforeAnyRequest() {
    Commands.Result noCredentials =
        Commands.run(
            "pull", "--data-dir", data.toString(), "--vendor", "v", "--url", mls.serviceRoot());
    assertEquals(1, noCredentials.code());
    assertTrue(
        noCredentials.err().startsWith("keybox pull: credentials: give --token-url"),
        noCredentials.err());
    Commands.Result noProperty = pull("--resources", "Member");
    assertEquals(1, noProperty.code());
    assertTrue(noProperty.err().startsWith("keybox pull: --resources: must include Property"));
    Commands.Result noState = pull("--incremental");
    assertEquals(1, noState.code());
    assertTrue(noState.err().startsWith("keybox pull: --incremental: no pull has published yet"));
    Commands.Result both = pull("--full", "--incremental");
    assertEquals(1, both.code());
    assertTrue(mls.requests().isEmpty(), mls.requests().toString());
  }

  private static Set<String> files(Path dir) throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return new TreeSet<>(list.map(p -> p.getFileName().toString()).toList());
    }
  }

  /** The high-water mark of the state file. */
  private record PullStateView(Instant highWater) {
    static PullStateView read(Path data) throws IOException {
      JsonNode state = JSON.readTree(data.resolve("v").resolve("pull-state.json").toFile());
      return new PullStateView(Instant.parse(state.at("/highWater/Property").asText()));
    }
  }
}
