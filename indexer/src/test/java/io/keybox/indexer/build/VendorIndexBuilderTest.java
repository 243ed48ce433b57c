package io.keybox.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.schema.CommitData;
import io.keybox.schema.listing.ListingQueries;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VendorIndexBuilderTest {
  private static final Instant NOW = BuildFixture.NOW;

  @TempDir Path dir;

  private VendorIndexBuilder builder() {
    return new BuildFixture(dir).builder();
  }

  private Path dump(String name, String... lines) throws IOException {
    return new BuildFixture(dir).dump(name, lines);
  }

  private static String listing(String listingId) {
    return "{\"listingId\":\"" + listingId + "\",\"mls\":{\"status\":\"Active\"}}";
  }

  /** listingId → mlsId of everything in the vendor's current commit. */
  private static Map<String, Long> published(VendorLayout layout) throws IOException {
    return memberOfEach(layout, "mlsId");
  }

  /** listingId → the number in {@code member} of every listing in the vendor's current commit. */
  private static Map<String, Long> memberOfEach(VendorLayout layout, String member)
      throws IOException {
    Map<String, Long> values = new TreeMap<>();
    PublishedIndex.byMember(PublishedIndex.listings(layout, false), "listingId")
        .forEach((id, listing) -> values.put(id, listing.get(member).asLong()));
    return values;
  }

  @Test
  void badRecordsAreSkippedAndReportedWithTheirLineNumbers() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v1");
    Path dump =
        dump(
            "listings.ndjson",
            listing("A"),
            "this is not json",
            "",
            "{\"listingId\":\"B\",\"listPrice\":\"abc\"}",
            "{\"listPrice\":5}",
            listing("C"),
            "{\"listingId\":\"D\",\"geo\":{\"lat\":500,\"lng\":0}}",
            listing("A"));
    BuildReport report = builder().rebuild(layout, dump, false);
    assertTrue(report.published());
    assertEquals(2, report.listings());
    assertEquals(
        List.of(
            new Reject(2, "not valid JSON"),
            new Reject(4, "listPrice: expected a number, got 'abc'"),
            new Reject(5, "listingId: required"),
            new Reject(7, "geo.lat: out of range -90.0..90.0, got 500")),
        report.rejects());
    // Line 8 repeats A, with no modification time either: the later copy wins, not a reject.
    assertEquals(1, report.superseded());
    assertEquals(7, report.read(), "7 records: line 3 is blank");
    List<String> rejectsFile = Files.readAllLines(layout.rejects());
    assertEquals(4, rejectsFile.size());
    assertEquals(
        "{\"dump\":\"listings\",\"line\":2,\"reason\":\"not valid JSON\"}", rejectsFile.get(0));
    assertEquals(Map.of("A", 1L, "C", 2L), published(layout));
    assertEquals(
        new CommitData(NOW, "listings.ndjson", 2, 4, 4), PublishedIndex.commitData(layout));
  }

  private static String priced(String listingId, int price, String modified) {
    return "{\"listingId\":\""
        + listingId
        + "\",\"listPrice\":"
        + price
        + ",\"modified\":\""
        + modified
        + "\",\"property\":{\"type\":\"RES\"},\"mls\":{\"status\":\"Active\"}}";
  }

  /** listingId → listPrice of everything in the vendor's current commit. */
  private static Map<String, Long> prices(VendorLayout layout) throws IOException {
    return memberOfEach(layout, "listPrice");
  }

  @Test
  void aRepeatedListingKeepsItsLatestCopyTiesGoingToTheLaterOne() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "dups");
    Path dump =
        dump(
            "dups.ndjson",
            priced("A", 100, "2026-10-20T10:00:00Z"),
            priced("B", 500, "2026-10-20T10:00:00Z"),
            priced("A", 200, "2026-10-19T10:00:00Z"), // older: superseded
            priced("A", 300, "2026-10-20T10:00:00Z"), // as new as the first: the later wins
            priced("B", 600, "2026-10-21T10:00:00Z"));
    BuildReport report = builder().rebuild(layout, dump, false);
    assertEquals(List.of(), report.rejects());
    assertEquals(3, report.superseded());
    assertEquals(2, report.listings());
    assertEquals(Map.of("A", 300L, "B", 600L), prices(layout));
    assertEquals(Map.of("A", 1L, "B", 2L), published(layout));

    BuildReport changes =
        builder()
            .update(
                layout,
                dump(
                    "changes.ndjson",
                    priced("A", 310, "2026-10-22T10:00:00Z"),
                    "{\"listingId\":\"B\",\"modified\":\"2026-10-22T10:00:00Z\","
                        + "\"mls\":{\"status\":\"Delete\"}}",
                    priced("A", 320, "2026-10-22T11:00:00Z"),
                    priced("B", 700, "2026-10-22T09:00:00Z")), // older than its Delete
                FeedFormat.NATIVE);
    assertEquals(2, changes.superseded());
    assertEquals(1, changes.listings());
    assertEquals(1, changes.deleted());
    assertEquals(Map.of("A", 320L), prices(layout));
  }

  @Test
  void listingsWithoutAPropertyTypeAreCounted() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "untyped");
    BuildReport report =
        builder()
            .rebuild(
                layout,
                dump("untyped.ndjson", listing("A"), priced("B", 1, "2026-10-20T10:00:00Z")),
                false);
    assertEquals(1, report.untyped(), "A has no property.type");
    assertEquals(2, report.listings());
  }

  @Test
  void idsAreStableAcrossRebuildsWithReorderedInputAndCarriedIdsAreKept() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v2");
    builder().rebuild(layout, dump("one.ndjson", listing("A"), listing("B"), listing("C")), false);
    assertEquals(Map.of("A", 1L, "B", 2L, "C", 3L), published(layout));
    // Reordered, one listing gone, one new, one carrying its own id.
    builder()
        .rebuild(
            layout,
            dump(
                "two.ndjson",
                listing("C"),
                listing("D"),
                "{\"listingId\":\"E\",\"mlsId\":40}",
                listing("A")),
            false);
    assertEquals(Map.of("A", 1L, "C", 3L, "D", 4L, "E", 40L), published(layout));
    // B comes back with its old id; a new one gets an id above every id seen.
    builder().rebuild(layout, dump("three.ndjson", listing("B"), listing("F")), true);
    assertEquals(Map.of("B", 2L, "F", 41L), published(layout));
  }

  @Test
  void aCarriedIdOfAnotherListingIsRejected() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v3");
    BuildReport report =
        builder()
            .rebuild(
                layout, dump("d.ndjson", listing("A"), "{\"listingId\":\"B\",\"mlsId\":1}"), false);
    assertEquals(
        List.of(new Reject(2, "mlsId: mlsId 1 already belongs to listing 'A'")), report.rejects());
  }

  @Test
  void anIncrementalRunUpsertsAndDeletesInOneCommit() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "inc");
    builder().rebuild(layout, dump("full.ndjson", listing("A"), listing("B"), listing("C")), false);
    BuildReport report =
        builder()
            .update(
                layout,
                dump(
                    "changes.ndjson",
                    "{\"listingId\":\"B\",\"listPrice\":123,\"mls\":{\"status\":\"Pending\"}}",
                    listing("D"),
                    "{\"listingId\":\"C\",\"mls\":{\"status\":\"Delete\"}}",
                    "{\"listingId\":\"Z\",\"mls\":{\"status\":\"kill\"}}"),
                io.keybox.indexer.feed.FeedFormat.NATIVE);
    assertEquals(2, report.listings());
    assertEquals(1, report.deleted(), "Z was never indexed: nothing to remove");
    assertEquals(Map.of("A", 1L, "B", 2L, "D", 4L), published(layout));
    assertEquals(
        1, PublishedIndex.count(layout, ListingQueries.byMlsId(2)), "the old version of B is gone");
    JsonNode b =
        PublishedIndex.byMember(PublishedIndex.listings(layout, false), "listingId").get("B");
    assertEquals(123, b.get("listPrice").asInt());
    assertEquals("Pending", b.at("/mls/status").asText());
    assertEquals(3, PublishedIndex.commitData(layout).listings());
  }

  @Test
  void aFullRebuildKeepsDeleteStatusListingsAsTheFeedSaysThem() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "del");
    BuildReport report =
        builder()
            .rebuild(
                layout,
                dump(
                    "d.ndjson",
                    listing("A"),
                    "{\"listingId\":\"B\",\"mls\":{\"status\":\"Delete\"}}"),
                false);
    assertEquals(2, report.listings());
    assertEquals(Map.of("A", 1L, "B", 2L), published(layout));
  }

  @Test
  void gzipIsDetectedByContentNotName() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v4");
    Path dump = dir.resolve("no-extension");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dump))) {
      out.write((listing("G1") + "\n" + listing("G2") + "\n").getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(2, builder().rebuild(layout, dump, false).listings());
  }

  @Test
  void aDumpWithUnderHalfTheListingsIsRefusedUnlessForced() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v5");
    builder()
        .rebuild(
            layout,
            dump(
                "full.ndjson",
                listing("A"),
                listing("B"),
                listing("C"),
                listing("D"),
                listing("E")),
            false);
    BuildReport refused =
        builder().rebuild(layout, dump("short.ndjson", listing("A"), listing("B")), false);
    assertFalse(refused.published());
    assertTrue(refused.refusal().contains("fewer than half of the 5"), refused.refusal());
    assertEquals(5, published(layout).size(), "the current index is untouched");
    assertTrue(
        builder()
            .rebuild(layout, dump("short.ndjson", listing("A"), listing("B")), true)
            .published());
    assertEquals(Map.of("A", 1L, "B", 2L), published(layout));
  }

  @Test
  void aTruncatedGzipDumpPublishesNothing() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v6");
    builder().rebuild(layout, dump("good.ndjson", listing("A")), false);
    Path whole = dir.resolve("whole.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(whole))) {
      for (int i = 0; i < 2000; i++) {
        out.write((listing("T" + i) + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    byte[] bytes = Files.readAllBytes(whole);
    Path cut = dir.resolve("cut.gz");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
    assertThrows(UnreadableDumpException.class, () -> builder().rebuild(layout, cut, true));
    assertEquals(Map.of("A", 1L), published(layout), "the previous commit still serves");
    // Its trailer cut: Java's gzip stream says EOFException without a message.
    Path noTrailer = dir.resolve("no-trailer.gz");
    Files.write(noTrailer, Arrays.copyOf(bytes, bytes.length - 4));
    UnreadableDumpException e =
        assertThrows(
            UnreadableDumpException.class, () -> builder().rebuild(layout, noTrailer, true));
    assertEquals(
        "cannot read "
            + noTrailer
            + " to its end: the gzip data ends inside the trailer of gzip member 1 (at byte "
            + (bytes.length - 8)
            + ") (the file is cut short?)",
        e.getMessage());
    // Bytes after the gzip data: Java's gzip stream ignored them, so the dump read as whole.
    Path garbage = dir.resolve("garbage-after.gz");
    byte[] withGarbage = Arrays.copyOf(bytes, bytes.length + 3);
    withGarbage[bytes.length] = '<';
    Files.write(garbage, withGarbage);
    e = assertThrows(UnreadableDumpException.class, () -> builder().rebuild(layout, garbage, true));
    assertEquals(
        "cannot read "
            + garbage
            + " to its end: the bytes after gzip member 1 (from byte "
            + bytes.length
            + ") are not gzip data",
        e.getMessage());
    assertEquals(Map.of("A", 1L), published(layout), "the previous commit still serves");
  }

  @Test
  void aPlainDumpCutInsideItsLastRecordPublishesNothing() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v7");
    builder().rebuild(layout, dump("good.ndjson", listing("A")), false);
    String whole = listing("B") + "\n" + listing("C") + "\n" + listing("D") + "\n";
    Path cut = dir.resolve("cut.ndjson");
    Files.writeString(cut, whole.substring(0, whole.length() - 12));
    UnreadableDumpException e =
        assertThrows(UnreadableDumpException.class, () -> builder().rebuild(layout, cut, true));
    assertTrue(e.getMessage().contains("line 3 is cut short"), e.getMessage());
    assertEquals(Map.of("A", 1L), published(layout), "the previous commit still serves");

    // Without its final newline but whole, the last record is read like the others.
    Path noNewline = dir.resolve("no-newline.ndjson");
    Files.writeString(noNewline, whole.strip());
    assertEquals(3, builder().rebuild(layout, noNewline, false).listings());
    // A bad last record followed by a blank line (spaces, no newline) or ended with CRLF was
    // whole: one reject, not a cut dump.
    for (String end : List.of("\n   ", "\r\n", "\r\n\r\n")) {
      Path blankAfter = dir.resolve("blank-after.ndjson");
      Files.writeString(blankAfter, listing("B") + "\n" + listing("C") + "\n{\"listi" + end);
      BuildReport report = builder().rebuild(layout, blankAfter, false);
      assertEquals(List.of(new Reject(3, "not valid JSON")), report.rejects(), end);
    }
    // A bad last line that ends with a newline is a reject, as any bad line.
    BuildReport report =
        builder()
            .rebuild(
                layout, dump("bad-last.ndjson", listing("B"), listing("C"), "{\"listi"), false);
    assertEquals(List.of(new Reject(3, "not valid JSON")), report.rejects());
    assertTrue(report.published());
  }

  @Test
  void aDumpOfWhichNoRecordCanBeReadIsRefusedUnlessForced() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v8");
    BuildReport refused =
        builder().rebuild(layout, dump("garbage.bin", "\u0001\u0002", "PK..."), false);
    assertFalse(refused.published());
    assertEquals(
        "no record of the listings dump could be used: all 2 were rejected; refusing to publish"
            + " (use --force if this is intended)",
        refused.refusal());
    assertFalse(Files.exists(layout.indexDir().resolve("segments_1")), "nothing was committed");
    assertTrue(builder().rebuild(layout, dump("garbage.bin", "x"), true).published());

    BuildReport nothingApplied =
        builder().update(layout, dump("garbage.bin", "x", "y", "z"), FeedFormat.NATIVE);
    assertFalse(nothingApplied.published());
    assertEquals(
        "no record of the listings dump could be used: all 3 were rejected; nothing applied",
        nothingApplied.refusal());
  }

  @Test
  void aByteOrderMarkBeforeTheFirstRecordIsSkipped() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v9");
    Path dump = dir.resolve("bom.ndjson");
    Files.writeString(dump, "\uFEFF" + listing("A") + "\n" + listing("B") + "\n");
    BuildReport report = builder().rebuild(layout, dump, false);
    assertEquals(List.of(), report.rejects());
    assertEquals(Map.of("A", 1L, "B", 2L), published(layout));
  }

  @Test
  void aFullRunCountsTheListingsItLeavesOutAsRemoved() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v10");
    BuildReport first =
        builder()
            .rebuild(layout, dump("d1.ndjson", listing("A"), listing("B"), listing("C")), false);
    assertEquals(0, first.deleted());
    BuildReport second =
        builder()
            .rebuild(layout, dump("d2.ndjson", listing("B"), listing("C"), listing("D")), false);
    assertEquals(3, second.listings());
    assertEquals(1, second.deleted(), "A is gone");
    assertEquals(Map.of("B", 2L, "C", 3L, "D", 4L), published(layout));
  }

  @Test
  void anIncrementalRunRefusesAnIndexOfAnEarlierSchemaUntilAFullRun() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v11");
    builder().rebuild(layout, dump("d1.ndjson", listing("A")), false);
    // What a commit of an earlier Keybox records: the same data, no schema version.
    try (var directory = FSDirectory.open(layout.indexDir());
        IndexWriter writer =
            new IndexWriter(
                directory,
                VendorIndexBuilder.writerConfig().setOpenMode(IndexWriterConfig.OpenMode.APPEND))) {
      Map<String, String> old = new HashMap<>(new CommitData(NOW, "d1.ndjson", 1, 0).toUserData());
      old.remove("keybox.schema");
      writer.setLiveCommitData(old.entrySet());
      writer.commit();
    }
    Files.writeString(layout.rejects(), "{\"dump\":\"listings\",\"line\":9,\"reason\":\"old\"}\n");
    BuildReport refused =
        builder().update(layout, dump("inc.ndjson", listing("B")), FeedFormat.NATIVE);
    assertFalse(refused.published());
    assertEquals(List.of(), Files.readAllLines(layout.rejects()), "not the previous run's");
    assertEquals(
        "the index was written by an earlier Keybox (schema 1, now 4: keyword values and q words"
            + " are now compared in Unicode NFC; listings are now looked up by an mlsId term; room"
            + " levels are now integers and office contacts always objects); run a full index of"
            + " the vendor first",
        refused.refusal());
    assertEquals(Map.of("A", 1L), published(layout));

    builder().rebuild(layout, dump("d2.ndjson", listing("A")), false);
    assertTrue(
        builder().update(layout, dump("inc.ndjson", listing("B")), FeedFormat.NATIVE).published());
    assertEquals(Map.of("A", 1L, "B", 2L), published(layout));
  }

  @Test
  void aFullRunOfAnEmptyListingsDumpIsRefusedUnlessForced() throws IOException {
    VendorLayout layout = new VendorLayout(dir.resolve("data"), "v12");
    Path empty = dir.resolve("empty.ndjson");
    Files.writeString(empty, "");
    BuildReport refused = builder().rebuild(layout, empty, false);
    assertFalse(refused.published());
    assertEquals(
        "the listings dump holds no listing; refusing to publish (use --force if this is"
            + " intended)",
        refused.refusal());
    assertTrue(builder().rebuild(layout, empty, true).published());
    // An incremental run of nothing changes nothing and is no failure.
    assertTrue(builder().update(layout, empty, FeedFormat.NATIVE).published());
  }
}
