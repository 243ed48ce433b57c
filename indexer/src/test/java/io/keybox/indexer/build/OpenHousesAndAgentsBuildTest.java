package io.keybox.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.openhouse.OpenHouseQueries;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Open house and agent dumps: the join with the listings, stable keys, rejects. */
class OpenHousesAndAgentsBuildTest {
  @TempDir Path dir;

  private VendorIndexBuilder builder() {
    return new BuildFixture(dir).builder();
  }

  /** A dump of {@code lines} written with single quotes for double ones. */
  private Path dump(String name, String... lines) throws IOException {
    return new BuildFixture(dir).dump(name, String.join("\n", lines).replace('\'', '"'));
  }

  private static String listing(String listingId) {
    return "{'listingId':'" + listingId + "','mls':{'status':'Active'}}";
  }

  private static String openHouse(String id, String listing) {
    return "{'openHouseId':'"
        + id
        + "','startTime':'2026-11-07T18:00:00Z','listing':"
        + listing
        + "}";
  }

  private Path listings() throws IOException {
    return dump("listings.ndjson", listing("A"), listing("B"), "{'listingId':'C','mlsId':30}");
  }

  /** openHouseId → "key listingId mlsId" of every open house in the current commit. */
  private static Map<String, String> openHouses(VendorLayout layout) throws IOException {
    Map<String, String> found = new TreeMap<>();
    openHouseJson(layout, OpenHouseQueries.allOpenHouses())
        .forEach(
            (id, oh) ->
                found.put(
                    id,
                    oh.get("openHouseKey").asLong()
                        + " "
                        + oh.at("/listing/listingId").asText()
                        + " "
                        + oh.at("/listing/mlsId").asLong()));
    return found;
  }

  /**
   * openHouseId → response JSON of the open houses of the current commit that match {@code query},
   * in openHouseKey order.
   */
  private static Map<String, JsonNode> openHouseJson(VendorLayout layout, Query query)
      throws IOException {
    Map<String, JsonNode> found = new LinkedHashMap<>();
    for (JsonNode oh : PublishedIndex.openHouses(layout, query)) {
      found.put(oh.get("openHouseId").asText(), oh);
    }
    return found;
  }

  /**
   * The openHouseIds, by key, of the open houses whose listing has {@code value} in {@code field}.
   */
  private static List<String> openHouseIdsWhere(
      VendorLayout layout, KeywordField field, String value) throws IOException {
    Query query =
        new BooleanQuery.Builder()
            .add(OpenHouseQueries.allOpenHouses(), Occur.FILTER)
            .add(field.anyOf(List.of(value)), Occur.FILTER)
            .build();
    return List.copyOf(openHouseJson(layout, query).keySet());
  }

  /** An open house dump of OH1 on listing A and OH2 on B. */
  private Path ohOnAAndB() throws IOException {
    return dump(
        "oh.ndjson", openHouse("OH1", "{'listingId':'A'}"), openHouse("OH2", "{'listingId':'B'}"));
  }

  /**
   * A vendor after a full run of {@link #listings()} with OH1 (key 1) on A and OH2 (key 2) on B.
   */
  private VendorLayout withTwoOpenHouses(String vendor) throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), vendor);
    fullRun(layout, Optional.of(ohOnAAndB()), Optional.empty());
    return layout;
  }

  /**
   * A full run of {@link #listings()} with the open house and agent dumps given; nothing refused is
   * forced.
   */
  private BuildReport fullRun(VendorLayout layout, Optional<Path> openHouses, Optional<Path> agents)
      throws IOException {
    return builder().rebuild(layout, new FeedDumps(listings(), openHouses, agents), false);
  }

  /** An incremental run of the native dumps {@code changes}. */
  private BuildReport incremental(VendorLayout layout, FeedDumps changes) throws IOException {
    return builder().update(layout, changes, io.keybox.indexer.feed.FeedFormat.NATIVE);
  }

  /** An incremental run of the native listings dump {@code changes}. */
  private BuildReport incremental(VendorLayout layout, Path changes) throws IOException {
    return incremental(layout, FeedDumps.listingsOnly(changes));
  }

  private static List<String> agentIds(VendorLayout layout) throws IOException {
    List<String> ids = new ArrayList<>();
    for (JsonNode agent : PublishedIndex.agents(layout)) {
      ids.add(agent.get("id").asText());
    }
    return ids;
  }

  @Test
  void openHousesJoinTheirListingsAndUnknownReferencesAreRejects() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "oh1");
    Path openHouses =
        dump(
            "openhouses.ndjson",
            openHouse("OH1", "{'listingId':'A'}"),
            openHouse("OH2", "{'mlsId':30}"),
            openHouse("OH3", "{'listingId':'NOPE'}"),
            openHouse("OH4", "{'mlsId':999}"),
            openHouse("OH5", "{'mlsId':2,'listingId':'A'}"),
            "not json",
            openHouse("OH1", "{'listingId':'B'}"),
            openHouse("OH6", "{'listingId':'Z','listPrice':5}"),
            openHouse("OH7", "{'listingId':'B','listPrice':1}"),
            "{'openHouseId':'OH8','openHouseKey':20,'listing':{'listingId':'B'}}",
            openHouse("OH9", "{'listingId':'C'}"),
            "{'listing':{'listingId':'A'}}");
    BuildReport report = fullRun(layout, Optional.of(openHouses), Optional.empty());
    assertTrue(report.published());
    assertEquals(3, report.listings());
    assertEquals(6, report.openHouses());
    assertEquals(
        List.of(
            new Reject(
                "openhouses", 3, "listing: no listing with listingId 'NOPE' in the listings dump"),
            new Reject("openhouses", 4, "listing: no listing with mlsId 999 in the listings dump"),
            new Reject("openhouses", 5, "listing: mlsId 2 is listing 'B', not 'A'"),
            new Reject("openhouses", 6, "not valid JSON"),
            new Reject("openhouses", 7, "openHouseId: duplicate 'OH1' (first at line 1)"),
            new Reject("openhouses", 12, "openHouseId: required")),
        report.rejects());
    // Keys in dump order from 1; a carried key is kept and later keys go above it. OH6 carries
    // a listing the dump lacks: it gets the next mlsId (31, above C's 30). OH7's full listing B
    // is in the dump, whose version (mlsId 2) wins.
    assertEquals(
        Map.of(
            "OH1", "1 A 1",
            "OH2", "2 C 30",
            "OH6", "3 Z 31",
            "OH7", "4 B 2",
            "OH8", "20 B 2",
            "OH9", "21 C 30"),
        openHouses(layout));
    assertEquals(
        "{\"dump\":\"openhouses\",\"line\":3,\"reason\":\"listing: no listing with listingId"
            + " 'NOPE' in the listings dump\"}",
        Files.readAllLines(layout.rejects()).get(0));
  }

  @Test
  void anIncrementalRunRewritesTheOpenHousesOfAChangedListingAndRemovesThoseOfARemovedOne()
      throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "oh-inc");
    Path openHouses =
        dump(
            "openhouses.ndjson",
            openHouse("OH1", "{'listingId':'A'}"),
            openHouse("OH2", "{'listingId':'B'}"),
            "{'openHouseId':'OH3','startTime':'2026-11-08T15:00:00Z','description':'Twilight',"
                + "'listing':{'mlsId':2}}",
            openHouse("OH4", "{'mlsId':30}"));
    fullRun(layout, Optional.of(openHouses), Optional.empty());

    BuildReport report =
        incremental(
            layout,
            dump(
                "changes.ndjson",
                "{'listingId':'B','listPrice':123,'mls':{'status':'Pending'}}",
                "{'listingId':'C','mls':{'status':'Delete'}}"));

    assertEquals(1, report.listings());
    assertEquals(1, report.deleted());
    assertEquals(2, report.openHouses(), "OH2 and OH3 written again with B's new version");
    assertEquals(1, report.openHousesRemoved(), "OH4 went with C");
    assertEquals(Map.of("OH1", "1 A 1", "OH2", "2 B 2", "OH3", "3 B 2"), openHouses(layout));
    Map<String, JsonNode> json = openHouseJson(layout, OpenHouseQueries.allOpenHouses());
    assertEquals(123, json.get("OH2").at("/listing/listPrice").asInt());
    assertEquals("Pending", json.get("OH3").at("/listing/mls/status").asText());
    assertEquals("Active", json.get("OH1").at("/listing/mls/status").asText());
    // The open house's own members are kept as they were.
    assertEquals("2026-11-08T15:00:00Z", json.get("OH3").get("startTime").asText());
    assertEquals("Twilight", json.get("OH3").get("description").asText());
    // Searches on the listing's fields find the new version, and only it.
    assertEquals(List.of("OH2", "OH3"), openHouseIdsWhere(layout, ListingFields.STATUS, "Pending"));
    assertEquals(List.of("OH1"), openHouseIdsWhere(layout, ListingFields.STATUS, "Active"));
  }

  @Test
  void anIncrementalRunUpsertsOpenHousesAndAgentsJoiningListingsOfTheIndex() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "inc-all");
    fullRun(
        layout,
        Optional.of(ohOnAAndB()),
        Optional.of(
            dump(
                "agents.ndjson",
                "{'id':'G1','lastName':'Able'}",
                "{'id':'G2','lastName':'Brown'}")));

    BuildReport report =
        incremental(
            layout,
            new FeedDumps(
                dump("changes.ndjson", listing("D"), "{'listingId':'B','mls':{'status':'Delete'}}"),
                Optional.of(
                    dump(
                        "oh-changes.ndjson",
                        "{'openHouseId':'OH1','startTime':'2026-11-14T16:00:00Z',"
                            + "'listing':{'listingId':'A'}}",
                        openHouse("OH3", "{'mlsId':30}"),
                        openHouse("OH4", "{'listingId':'D'}"),
                        openHouse("OH5", "{'listingId':'B'}"))),
                Optional.of(
                    dump(
                        "agent-changes.ndjson",
                        "{'id':'G1','lastName':'Zed'}",
                        "{'id':'G3','lastName':'Cole'}"))));

    assertTrue(report.published(), String.valueOf(report.refusal()));
    assertEquals(1, report.listings());
    assertEquals(1, report.deleted());
    assertEquals(3, report.openHouses(), "OH1 replaced, OH3 and OH4 added");
    assertEquals(1, report.openHousesRemoved(), "OH2 went with B");
    assertEquals(2, report.agents());
    assertEquals(
        List.of(
            new Reject(
                "openhouses",
                4,
                "listing: no listing with listingId 'B' in the listings dump or the index")),
        report.rejects());
    // A and C (mlsId 30) are joined from the index, D from the dump (the next mlsId, 31).
    assertEquals(Map.of("OH1", "1 A 1", "OH3", "3 C 30", "OH4", "4 D 31"), openHouses(layout));
    assertEquals(
        "2026-11-14T16:00:00Z",
        openHouseJson(layout, OpenHouseQueries.allOpenHouses())
            .get("OH1")
            .get("startTime")
            .asText());
    // By last name: Brown, Cole, then G1 as renamed.
    assertEquals(List.of("G2", "G3", "G1"), agentIds(layout));
  }

  @Test
  void anIncrementalRunReplacesRecordsTheDumpGivesAnotherIdAndCountsEachOnce() throws IOException {
    VendorLayout layout = withTwoOpenHouses("inc-ids");

    // A now carries mlsId 50, OH2 key 90: their versions under 1 and 2 go. OH1 follows A and
    // is in the dump too, OH2 moves from B (deleted) to C: each is counted once, none removed.
    BuildReport report =
        incremental(
            layout,
            new FeedDumps(
                dump(
                    "changes.ndjson",
                    "{'listingId':'A','mlsId':50,'listPrice':7,'mls':{'status':'Active'}}",
                    "{'listingId':'B','mls':{'status':'Delete'}}",
                    "{'listingId':'B','mls':{'status':'Delete'}}".replace("'B'", "'Q'")),
                Optional.of(
                    dump(
                        "oh-changes.ndjson",
                        openHouse("OH1", "{'listingId':'A'}"),
                        "{'openHouseId':'OH2','openHouseKey':90,'listing':{'mlsId':30}}")),
                Optional.empty()));

    assertEquals(1, report.listings());
    assertEquals(1, report.deleted(), "B; Q was never indexed");
    assertEquals(2, report.openHouses(), "OH1 and OH2, once each");
    assertEquals(0, report.openHousesRemoved(), "OH2 moved to C");
    assertEquals(Map.of("OH1", "1 A 50", "OH2", "90 C 30"), openHouses(layout));
    assertEquals(
        1, PublishedIndex.count(layout, ListingQueries.byListingId("A")), "A once, as mlsId 50");
    assertEquals(0, PublishedIndex.count(layout, ListingQueries.byMlsId(1)));
    assertEquals(1, PublishedIndex.count(layout, ListingQueries.byMlsId(50)));

    // Deleting A now removes the listing and its open house, nothing left under mlsId 1.
    BuildReport delete =
        incremental(layout, dump("delete.ndjson", "{'listingId':'A','mls':{'status':'Delete'}}"));
    assertEquals(1, delete.deleted());
    assertEquals(1, delete.openHousesRemoved());
    assertEquals(Map.of("OH2", "90 C 30"), openHouses(layout));
  }

  @Test
  void anIdFreedByAnIncrementalRunIsNotTakenAgainInTheSameRun() throws IOException {
    VendorLayout layout = withTwoOpenHouses("inc-freed");

    // A leaves mlsId 1 for 50, then D carries 1; OH1 leaves key 1 for 70, then OH9 carries 1;
    // OH8 names A by its old mlsId.
    BuildReport report =
        incremental(
            layout,
            new FeedDumps(
                dump(
                    "changes.ndjson",
                    "{'listingId':'A','mlsId':50,'mls':{'status':'Active'}}",
                    "{'listingId':'D','mlsId':1,'mls':{'status':'Active'}}"),
                Optional.of(
                    dump(
                        "oh-changes.ndjson",
                        "{'openHouseId':'OH1','openHouseKey':70,'listing':{'listingId':'A'}}",
                        "{'openHouseId':'OH9','openHouseKey':1,'listing':{'listingId':'B'}}",
                        openHouse("OH8", "{'mlsId':1}"))),
                Optional.empty()));

    assertEquals(
        List.of(
            new Reject(
                2,
                "mlsId: 1 was another listing's until this dump gave that one another id; carry"
                    + " it in a later run"),
            new Reject(
                "openhouses",
                2,
                "openHouseKey: 1 was another open house's until this dump gave that one another"
                    + " key; carry it in a later run"),
            new Reject(
                "openhouses",
                3,
                "listing: no listing with mlsId 1 in the listings dump or the index")),
        report.rejects());
    assertEquals(Map.of("OH1", "70 A 50", "OH2", "2 B 2"), openHouses(layout));
    assertEquals(
        0, PublishedIndex.count(layout, ListingQueries.byMlsId(1)), "A left 1; D was refused it");
    assertEquals(1, PublishedIndex.count(layout, ListingQueries.byMlsId(50)));
  }

  @Test
  void openHouseKeysAreStableAcrossRebuilds() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "oh2");
    Path first =
        dump(
            "first.ndjson",
            openHouse("X", "{'listingId':'A'}"),
            openHouse("Y", "{'listingId':'B'}"));
    fullRun(layout, Optional.of(first), Optional.empty());
    Path second =
        dump(
            "second.ndjson",
            openHouse("Z", "{'listingId':'C'}"),
            openHouse("Y", "{'listingId':'B'}"));
    fullRun(layout, Optional.of(second), Optional.empty());
    assertEquals(Map.of("Y", "2 B 2", "Z", "3 C 30"), openHouses(layout));
    // Without an open house dump the new state has none; the keys are kept for their return.
    builder().rebuild(layout, listings(), false);
    assertEquals(Map.of(), openHouses(layout));
    fullRun(layout, Optional.of(first), Optional.empty());
    assertEquals(Map.of("X", "1 A 1", "Y", "2 B 2"), openHouses(layout));
  }

  @Test
  void agentsAreIndexedAndBadOnesRejected() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "ag");
    Path agents =
        dump(
            "agents.ndjson",
            "{'id':'A2','firstName':'Bo','lastName':'Zed'}",
            "{'id':'A1','firstName':'Al','lastName':'Able','contact':{'email':'al@x.example'}}",
            "{'firstName':'No','lastName':'Id'}",
            "{'id':'A2','lastName':'Again'}",
            "{'id':'A3','address':'not an object'}");
    BuildReport report = fullRun(layout, Optional.empty(), Optional.of(agents));
    assertEquals(2, report.agents());
    assertEquals(
        List.of(
            new Reject("agents", 3, "id: required"),
            new Reject("agents", 4, "id: duplicate 'A2' (first at line 1)"),
            new Reject("agents", 5, "address: expected an object, got 'not an object'")),
        report.rejects());
    assertEquals(List.of("A1", "A2"), agentIds(layout));
  }

  @Test
  void theHalfRuleCountsListingsOnly() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "half");
    Path agents = dump("agents.ndjson", "{'id':'G1'}", "{'id':'G2'}", "{'id':'G3'}", "{'id':'G4'}");
    fullRun(layout, Optional.empty(), Optional.of(agents));
    // 2 listings against 3 before: published although the index held 7 documents.
    BuildReport report =
        builder().rebuild(layout, dump("two.ndjson", listing("A"), listing("B")), false);
    assertTrue(report.published(), String.valueOf(report.refusal()));
    BuildReport refused = builder().rebuild(layout, dump("none.ndjson", "not json"), false);
    assertFalse(refused.published());
  }

  @Test
  void anAgentsDumpWithUnderHalfTheAgentsIsRefusedUnlessForced() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "agents-half");
    Path four = dump("four.ndjson", "{'id':'G1'}", "{'id':'G2'}", "{'id':'G3'}", "{'id':'G4'}");
    fullRun(layout, Optional.empty(), Optional.of(four));
    Path one = dump("one.ndjson", "{'id':'G1'}", "{'firstName':'No id'}");
    FeedDumps shortAgents = new FeedDumps(listings(), Optional.empty(), Optional.of(one));
    BuildReport refused = builder().rebuild(layout, shortAgents, false);
    assertFalse(refused.published());
    assertEquals(
        "the agents dump holds 1 good record, fewer than half of the 4 agents the index holds now;"
            + " refusing to publish (use --force if this is intended)",
        refused.refusal());
    assertEquals(List.of("G1", "G2", "G3", "G4"), agentIds(layout));
    assertTrue(builder().rebuild(layout, shortAgents, true).published());
    assertEquals(List.of("G1"), agentIds(layout));
  }

  @Test
  void anIncrementalRunReplacesAnAgentByItsExactId() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "agents-case");
    Path two = dump("two.ndjson", "{'id':'a1','lastName':'Low'}", "{'id':'B2','lastName':'Bee'}");
    fullRun(layout, Optional.empty(), Optional.of(two));
    // 'A1' is another agent than 'a1' (ids keep their case): added, and 'a1' stays.
    Path changes =
        dump("changes.ndjson", "{'id':'A1','lastName':'Up'}", "{'id':'B2','lastName':'Cee'}");
    BuildReport report =
        incremental(layout, new FeedDumps(listings(), Optional.empty(), Optional.of(changes)));
    assertTrue(report.published(), String.valueOf(report.refusal()));
    // By last name: Cee (B2 replaced), Low, Up.
    assertEquals(List.of("B2", "a1", "A1"), agentIds(layout));
  }

  @Test
  void anOpenHouseDumpWithNoGoodOpenHouseIsRefusedWhileTheIndexHoldsSome() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "oh-none");
    Path two =
        dump("two.ndjson", openHouse("OH1", "{'listingId':'A'}"), openHouse("OH2", "{'mlsId':30}"));
    fullRun(layout, Optional.of(two), Optional.empty());
    Path empty = dump("empty.ndjson");
    BuildReport refused = fullRun(layout, Optional.of(empty), Optional.empty());
    assertEquals(
        "the open houses dump holds no good open house, and the index holds 2 now; refusing to"
            + " publish (use --force if this is intended)",
        refused.refusal());
    Path unjoinable = dump("unjoinable.ndjson", openHouse("OH3", "{'listingId':'NOPE'}"));
    assertEquals(
        "no record of the open houses dump could be used: all 1 were rejected; refusing to publish"
            + " (use --force if this is intended)",
        fullRun(layout, Optional.of(unjoinable), Optional.empty()).refusal());
    assertEquals(Map.of("OH1", "1 A 1", "OH2", "2 C 30"), openHouses(layout));
    // One open house of the two is a drop a week can bring: published.
    Path one = dump("one.ndjson", openHouse("OH2", "{'mlsId':30}"));
    assertTrue(fullRun(layout, Optional.of(one), Optional.empty()).published());
    assertEquals(Map.of("OH2", "2 C 30"), openHouses(layout));
  }

  @Test
  void aTruncatedOpenHouseDumpPublishesNothing() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "cut");
    builder().rebuild(layout, listings(), false);
    Path whole = dir.resolve("oh.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(whole))) {
      for (int i = 0; i < 3000; i++) {
        out.write(
            (openHouse("OH" + i, "{'listingId':'A'}").replace('\'', '"') + "\n")
                .getBytes(StandardCharsets.UTF_8));
      }
    }
    byte[] bytes = Files.readAllBytes(whole);
    Path cut = dir.resolve("cut.gz");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
    FeedDumps dumps =
        new FeedDumps(dump("l2.ndjson", listing("Q")), Optional.of(cut), Optional.empty());
    assertThrows(UnreadableDumpException.class, () -> builder().rebuild(layout, dumps, true));
    assertEquals(Map.of(), openHouses(layout));
    assertEquals(
        3,
        (int) PublishedIndex.read(layout, DirectoryReader::numDocs),
        "the previous commit still serves");
  }
}
