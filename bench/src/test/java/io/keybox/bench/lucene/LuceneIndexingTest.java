package io.keybox.bench.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.openhouse.OpenHouseQueries;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The indexing limit writes the indexer's documents: listings, then their open houses. */
class LuceneIndexingTest {
  @TempDir Path dir;

  private static final List<String> LISTINGS =
      List.of(
          "{\"listingId\":\"A\",\"mls\":{\"status\":\"Active\"}}",
          "{\"listingId\":\"B\",\"mls\":{\"status\":\"Active\"},\"address\":{\"city\":\"Katy\"}}",
          "{\"listingId\":\"C\",\"mls\":{\"status\":\"Pending\"}}");

  private static final List<String> OPEN_HOUSES =
      List.of(
          openHouse("OH1", "{\"listingId\":\"B\"}"),
          openHouse("OH2", "{\"mlsId\":3}"),
          openHouse("OH3", "{\"listingId\":\"B\"}"),
          // Names a listing the dump lacks: the indexer rejects it, so the limit leaves it out.
          openHouse("OH4", "{\"listingId\":\"Z\"}"));

  private static String openHouse(String id, String listing) {
    return "{\"openHouseId\":\""
        + id
        + "\",\"startTime\":\"2026-11-14T19:30:00Z\",\"endTime\":\"2026-11-14T22:00:00Z\","
        + "\"listing\":"
        + listing
        + "}";
  }

  @Test
  void writesTheListingsAndTheOpenHousesOfThoseListings() throws IOException {
    LuceneIndexing.Result result = index(2, Long.MAX_VALUE);
    assertEquals(3, result.listings());
    assertEquals(3, result.openHouses());
    assertTrue(result.writerSeconds() > 0 && result.codecSeconds() > 0, result.toString());
    assertEquals(result.writerSeconds() + result.codecSeconds(), result.seconds(), 1e-9);
    try (var index = FSDirectory.open(dir.resolve("index"));
        var reader = DirectoryReader.open(index)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      assertEquals(3, searcher.count(ListingQueries.allListings()));
      assertEquals(3, searcher.count(OpenHouseQueries.allOpenHouses()));
      // Ids count up from 1 in feed order: B is 2, C is 3.
      assertEquals(2, searcher.count(OpenHouseQueries.ofListing(2)));
      assertEquals(1, searcher.count(OpenHouseQueries.ofListing(3)));
    }
  }

  @Test
  void aLimitWritesTheFirstListingsOnlyAndTheirOpenHouses() throws IOException {
    LuceneIndexing.Result result = index(1, 2);
    assertEquals(2, result.listings());
    assertEquals(2, result.openHouses()); // OH1 and OH3 name B; C (mlsId 3) was not written
    try (var index = FSDirectory.open(dir.resolve("index"));
        var reader = DirectoryReader.open(index)) {
      assertEquals(4, reader.numDocs());
    }
  }

  private LuceneIndexing.Result index(int threads, long limit) throws IOException {
    return new LuceneIndexing(threads)
        .index(
            dump("listings", LISTINGS),
            Optional.of(dump("openhouses", OPEN_HOUSES)),
            limit,
            dir.resolve("index"));
  }

  private Path dump(String name, List<String> lines) throws IOException {
    Path file = dir.resolve(name + ".ndjson.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file));
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
      for (String line : lines) {
        writer.write(line);
        writer.write('\n');
      }
    }
    return file;
  }
}
