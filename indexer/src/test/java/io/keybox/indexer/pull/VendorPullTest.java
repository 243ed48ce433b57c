package io.keybox.indexer.pull;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.indexer.pull.fixture.ResoRecords;
import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VendorPull} against a standards-following server ({@link
 * ResoWebApiServer.Paging#STANDARD}): every record of a full and an incremental pull, a short pull
 * refused on a vendor's first pull and later, a mark per resource, a record that became visible
 * late, a cut connection resumed at its page, and counts a deletion explains. No test sleeps: the
 * clock is set by hand and the pauses are recorded.
 */
final class VendorPullTest {
  private static final Instant T0 = Instant.parse("2026-11-20T08:00:00Z");
  private static final Instant NOW = Instant.parse("2026-11-28T00:00:00Z");
  private static final int LISTINGS = 300;
  private static final int OPEN_HOUSES = 30;
  private static final int PAGE = 40;

  @TempDir Path dir;
  private ResoWebApiServer mls;
  private PullFixture fixture;

  @BeforeEach
  void setUp() throws IOException {
    mls = new ResoWebApiServer().seed(LISTINGS, VendorPullTest::modified, OPEN_HOUSES, T0);
    mls.paging(ResoWebApiServer.Paging.STANDARD);
    fixture = new PullFixture(mls, dir.resolve("data"), NOW);
  }

  @AfterEach
  void tearDown() {
    mls.close();
  }

  private static Instant modified(int listing) {
    return T0.plus(Duration.ofMinutes(2L * listing));
  }

  private void pull(VendorPull.Mode mode) throws Exception {
    fixture.pull(mode, Paging.ODATA, PAGE, 0);
  }

  /** Pulls in full, then says how many listings (Property records) the run indexed. */
  private int listingsOfAFullPull() throws Exception {
    pull(VendorPull.Mode.FULL);
    return fixture.indexed.get(Resource.PROPERTY).size();
  }

  @Test
  void fullAndIncrementalPullsInStandardsModeIndexEveryRecord() throws Exception {
    pull(VendorPull.Mode.AUTO);

    assertEquals(LISTINGS, fixture.indexed.get(Resource.PROPERTY).size());
    assertEquals(OPEN_HOUSES, fixture.indexed.get(Resource.OPEN_HOUSE).size());
    assertEquals(4, fixture.indexed.get(Resource.MEMBER).size());
    // 300 listings in pages of 40, then one page each of open houses and members.
    assertEquals(8 + 1 + 1, fixture.lastResult.pages());
    List<String> requests = mls.requests();
    assertEquals(
        "GET /odata/Property {$count=true} Prefer: odata.maxpagesize=40 -> 200", requests.get(0));
    assertTrue(requests.stream().noneMatch(r -> r.contains("$top")), requests.toString());
    assertEquals(
        Map.of(
            Resource.PROPERTY,
            modified(LISTINGS - 1),
            Resource.OPEN_HOUSE,
            T0,
            Resource.MEMBER,
            T0),
        fixture.state().orElseThrow().marks());
    assertEquals(NOW, fixture.state().orElseThrow().pulledAt());
    assertEquals(1, fixture.publications);

    ObjectNode changed = ResoRecords.property(7, 3, modified(LISTINGS + 100));
    changed.put("ListPrice", 123_000);
    mls.put("Property", changed);
    mls.put("Property", ResoRecords.property(7, 900, modified(LISTINGS + 101)));
    mls.clearLog();
    fixture.clock.setInstant(NOW.plus(Duration.ofHours(1)));

    pull(VendorPull.Mode.AUTO);

    assertEquals(LISTINGS + 1, fixture.indexed.get(Resource.PROPERTY).size());
    assertEquals(
        123_000,
        fixture
            .indexed
            .get(Resource.PROPERTY)
            .get(ResoRecords.listingKey(3))
            .get("ListPrice")
            .asInt());
    // From the Property mark less the minute of overlap: listing 299 comes again, with the two new.
    assertEquals(
        "GET /odata/Property {$count=true, $filter=ModificationTimestamp gt 2026-11-20T17:57:00Z}"
            + " Prefer: odata.maxpagesize=40 -> 200",
        mls.requests().get(0));
    assertEquals(3, fixture.lastResult.records().get(Resource.PROPERTY));
    assertEquals(
        modified(LISTINGS + 101), fixture.state().orElseThrow().marks().get(Resource.PROPERTY));
  }

  @Test
  void aServerThatReadsTopAsTheTotalFailsTheFirstPullAndALaterOneWithNothingPublished()
      throws Exception {
    PullException first =
        assertThrows(
            PullException.class, () -> fixture.pull(VendorPull.Mode.AUTO, Paging.TOP, 50, 0));

    assertEquals(
        "Property: the server reported 300 records (@odata.count) but the pull received 50; if"
            + " the server reads $top as the total, pull with --paging odata",
        first.getMessage());
    assertEquals(
        List.of(
            "Property: the last page held exactly 50 records (--page-size) and no"
                + " @odata.nextLink; if the server reads $top as the total, pull with --paging odata"),
        fixture.warnings);
    assertEquals(0, fixture.indexRuns);
    assertEquals(0, fixture.publications);
    assertFalse(Files.exists(fixture.vendor().stateFile()));
    assertFalse(Files.exists(fixture.vendor().staging().resolve(PullCheckpoint.FILE)));

    pull(VendorPull.Mode.FULL);
    byte[] state = Files.readAllBytes(fixture.vendor().stateFile());
    assertThrows(PullException.class, () -> fixture.pull(VendorPull.Mode.FULL, Paging.TOP, 50, 0));
    assertEquals(1, fixture.indexRuns);
    assertEquals(new String(state), Files.readString(fixture.vendor().stateFile()));
  }

  @Test
  void eachResourceKeepsItsOwnMarkSoAListingChangedDuringTheMemberPassIsAskedForAgain()
      throws Exception {
    Instant membersLater = modified(LISTINGS - 1).plus(Duration.ofHours(3));
    ResoRecords.members(membersLater).forEach(m -> mls.put("Member", m));
    ObjectNode changed =
        ResoRecords.property(7, 7, modified(LISTINGS - 1).plus(Duration.ofHours(1)));
    changed.put("ListPrice", 777_000);
    // Changed once the Property pass is over, older than the newest member.
    mls.onPage("Member", 0, server -> server.put("Property", changed));

    pull(VendorPull.Mode.FULL);

    PullState state = fixture.state().orElseThrow();
    assertEquals(modified(LISTINGS - 1), state.marks().get(Resource.PROPERTY));
    assertEquals(membersLater, state.marks().get(Resource.MEMBER));
    assertEquals(
        "GET /odata/Property {$count=true, $filter=ModificationTimestamp gt 2026-11-20T17:57:00Z}"
            + " Prefer: odata.maxpagesize=40 -> 200",
        nextPropertyRequest());
    assertEquals(
        777_000,
        fixture
            .indexed
            .get(Resource.PROPERTY)
            .get(ResoRecords.listingKey(7))
            .get("ListPrice")
            .asInt());
  }

  private String nextPropertyRequest() throws Exception {
    mls.clearLog();
    pull(VendorPull.Mode.INCREMENTAL);
    return mls.requests().stream()
        .filter(r -> r.startsWith("GET /odata/Property"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theMarkIsNeverLaterThanThePullsStartSoARecordThatAppearedLateIsFetchedNextTime()
      throws Exception {
    // Visible while the pull pages, newer than its start: read, but the mark stays at the start.
    mls.onPage(
        "Property", 0, s -> s.put("Property", ResoRecords.property(7, 500, NOW.plusSeconds(60))));
    // Committed at the MLS with an earlier timestamp, visible only after the Property pass.
    mls.onPage(
        "Property", 7, s -> s.put("Property", ResoRecords.property(7, 501, NOW.plusSeconds(30))));

    assertEquals(LISTINGS + 1, listingsOfAFullPull());
    assertEquals(NOW, fixture.state().orElseThrow().marks().get(Resource.PROPERTY));
    fixture.clock.setInstant(NOW.plus(Duration.ofMinutes(10)));
    pull(VendorPull.Mode.INCREMENTAL);
    assertTrue(fixture.indexed.get(Resource.PROPERTY).containsKey(ResoRecords.listingKey(501)));
    assertEquals(NOW.plusSeconds(60), fixture.state().orElseThrow().marks().get(Resource.PROPERTY));
  }

  @Test
  void aConnectionCutOnPageThreeOfAFullPullResumesAtPageThree() throws Exception {
    mls.fault(new ResoWebApiServer.Fault("Property", 3, ResoWebApiServer.RESET, null));

    PullException cut = assertThrows(PullException.class, () -> pull(VendorPull.Mode.FULL));
    assertTrue(
        cut.getMessage().startsWith("GET " + mls.serviceRoot() + "/Property?"), cut.getMessage());
    assertTrue(cut.getMessage().contains(" failed: "), cut.getMessage());
    assertEquals(0, fixture.indexRuns);
    assertTrue(Files.exists(fixture.vendor().staging().resolve(PullCheckpoint.FILE)));
    List<String> before = mls.requests();
    String pageThree = before.get(before.size() - 1).replace(" -> reset", "");
    mls.clearLog();

    pull(VendorPull.Mode.FULL);

    assertEquals(pageThree + " -> 200", mls.requests().get(0));
    assertEquals(3, fixture.lastResult.resumedPages());
    assertEquals(8 + 1 + 1, fixture.lastResult.pages());
    assertEquals(
        5, mls.requests().stream().filter(r -> r.startsWith("GET /odata/Property")).count());
    assertEquals(LISTINGS, fixture.indexed.get(Resource.PROPERTY).size());
    assertEquals(NOW, fixture.state().orElseThrow().pulledAt());
    assertFalse(Files.exists(fixture.vendor().staging().resolve(PullCheckpoint.FILE)));
  }

  @Test
  void transientFailuresAreRetriedWithBackoffWithoutRestartingThePull() throws Exception {
    mls.fault(new ResoWebApiServer.Fault("Property", 2, 500, null, 2));
    mls.fault(new ResoWebApiServer.Fault("Property", 4, ResoWebApiServer.RESET, null));
    mls.fault(new ResoWebApiServer.Fault("OpenHouse", 0, 504, null));

    fixture.pull(VendorPull.Mode.FULL, Paging.ODATA, PAGE, 8);

    // Each failed request's backoff starts at a second; the rate cap's waits are shorter.
    assertEquals(
        List.of(
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1)),
        fixture.pauses.stream().filter(d -> d.compareTo(Duration.ofSeconds(1)) >= 0).toList());
    assertEquals(LISTINGS, fixture.indexed.get(Resource.PROPERTY).size());
    assertEquals(0, fixture.lastResult.resumedPages());
  }

  @Test
  void aShortfallThatADeletionExplainsIsNoShortfall() throws Exception {
    mls.onPage("Property", 0, s -> s.remove("Property", ResoRecords.listingKey(LISTINGS - 1)));

    assertEquals(LISTINGS - 1, listingsOfAFullPull());
    assertTrue(
        mls.requests().contains("GET /odata/Property {$count=true, $top=0} -> 200"),
        mls.requests().toString());
  }

  @Test
  void aServerWithoutCountsIsPulledWithAWarning() throws Exception {
    mls.counts(false);

    assertEquals(LISTINGS, listingsOfAFullPull());
    assertEquals(
        "Property: the server reported no @odata.count; completeness could not be checked (300"
            + " records received)",
        fixture.warnings.get(0));
    assertEquals(3, fixture.warnings.size());
  }

  @Test
  void aServerThatRefusesCountIsPulledWithoutItAndAWarning() throws Exception {
    mls.refuseCount(true);

    assertEquals(LISTINGS, listingsOfAFullPull());
    assertTrue(
        fixture.warnings.get(0).startsWith("Property: the server refused $count=true (GET "),
        fixture.warnings.toString());
    assertTrue(
        mls.requests().contains("GET /odata/Property {} Prefer: odata.maxpagesize=40 -> 200"),
        mls.requests().toString());
  }

  /** A Media record of listing {@code listing}, its photo {@code order}. */
  private static ObjectNode photo(int listing, int order, Instant modified) {
    ObjectNode media = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    media.put("MediaKey", ResoRecords.listingKey(listing) + "-" + order);
    media.put("MediaURL", "https://m.example/" + listing + "/" + order + ".jpg");
    media.put("Order", order);
    media.put("MediaModificationTimestamp", modified.toString());
    return media;
  }

  @Test
  void theMediaResourceIsPagedCountedAndCompletedPerListingKeysAtATime() throws Exception {
    for (int i = 0; i < 60; i++) {
      mls.media(
          ResoRecords.listingKey(i), List.of(photo(i, 1, modified(i)), photo(i, 2, modified(i))));
    }
    fixture.mediaResource = true;

    fixture.pull(VendorPull.Mode.FULL, Paging.ODATA, PAGE, 0);

    assertEquals(120, fixture.lastMedia.size());
    assertEquals(120L, fixture.lastResult.records().get(Resource.MEDIA));
    // 300 listings in pages of 40, one page each of open houses and members, 120 photos in 3.
    assertEquals(8 + 1 + 1 + 3, fixture.lastResult.pages());
    assertEquals(modified(59), fixture.state().orElseThrow().mark(Resource.MEDIA).orElseThrow());
    assertTrue(
        mls.requests()
            .contains(
                "GET /odata/Media {$count=true, $filter=ResourceName eq 'Property'} Prefer:"
                    + " odata.maxpagesize=40 -> 200"),
        mls.requests().toString());

    // The photos of listings 0 to 29 change; their Property records do not.
    Instant later = T0.plus(Duration.ofDays(1));
    for (int i = 0; i < 30; i++) {
      mls.media(ResoRecords.listingKey(i), List.of(photo(i, 1, later), photo(i, 3, later)));
    }
    mls.clearLog();
    fixture.clock.setInstant(NOW.plus(Duration.ofHours(1)));

    fixture.pull(VendorPull.Mode.AUTO, Paging.ODATA, PAGE, 0);

    // Changed: the 60 new photos and, in the minute of overlap, listing 59's two; its Property
    // records: listing 299 (the overlap) and, read by key, the 31 listings whose photos changed.
    assertEquals(62L, fixture.lastResult.records().get(Resource.MEDIA));
    assertEquals(1L + 31, fixture.lastResult.records().get(Resource.PROPERTY));
    List<String> requests = mls.requests();
    assertEquals(
        2,
        requests.stream()
            .filter(r -> r.startsWith("GET /odata/Property {$count=true, $filter=(ListingKey eq"))
            .count(),
        "31 listings, 25 a request: " + requests);
    assertEquals(
        2,
        requests.stream()
            .filter(
                r ->
                    r.startsWith(
                        "GET /odata/Media {$count=true, $filter=ResourceName eq 'Property' and"
                            + " (ResourceRecordKey eq"))
            .count(),
        "32 listings' Media lists, 25 listings a request: " + requests);
    // The index run gets each named listing's whole list: listing 0's photos 1 and 3, not 2.
    assertEquals(62, fixture.lastMedia.size());
    assertTrue(fixture.lastMedia.containsKey(ResoRecords.listingKey(0) + "-3"));
    assertFalse(fixture.lastMedia.containsKey(ResoRecords.listingKey(0) + "-2"));
    assertTrue(fixture.lastMedia.containsKey(ResoRecords.listingKey(59) + "-2"));
    assertEquals(later, fixture.state().orElseThrow().mark(Resource.MEDIA).orElseThrow());
  }
}
