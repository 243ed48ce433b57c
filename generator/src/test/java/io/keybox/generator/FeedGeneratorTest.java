package io.keybox.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Determinism, seeds, vendors and the gzip directory output of {@link FeedGenerator}. */
class FeedGeneratorTest {

  /**
   * Each listing of {@code first} has the same {@code members} as the listing at its place in
   * {@code second}.
   */
  private static void assertSameAtEachPlace(
      List<JsonNode> first, List<JsonNode> second, String... members) {
    for (int i = 0; i < first.size(); i++) {
      for (String member : members) {
        assertEquals(first.get(i).get(member), second.get(i).get(member), member + " of " + i);
      }
    }
  }

  /**
   * The listings of a feed of {@code count} listings generated from {@code seed} for {@code
   * vendor}.
   */
  private static List<JsonNode> listings(int count, long seed, String vendor) {
    return GeneratedFeed.generate(new GeneratorConfig(count, seed, vendor)).listingNodes();
  }

  @Test
  void sameConfigGivesIdenticalBytes() {
    GeneratorConfig config = new GeneratorConfig(1500, 42, "houston");
    GeneratedFeed first = GeneratedFeed.generate(config);
    GeneratedFeed second = GeneratedFeed.generate(config);
    assertArrayEquals(first.listings(), second.listings());
    assertArrayEquals(first.openHouses(), second.openHouses());
    assertArrayEquals(first.agents(), second.agents());
    assertEquals(first.summary(), second.summary());
  }

  @Test
  void anotherSeedGivesOtherData() {
    GeneratedFeed a = GeneratedFeed.generate(new GeneratorConfig(1500, 42, "houston"));
    GeneratedFeed b = GeneratedFeed.generate(new GeneratorConfig(1500, 43, "houston"));
    assertFalse(java.util.Arrays.equals(a.listings(), b.listings()));
    assertFalse(java.util.Arrays.equals(a.agents(), b.agents()));
    Set<String> idsA = ids(a.listingNodes());
    Set<String> idsB = ids(b.listingNodes());
    idsA.retainAll(idsB);
    assertTrue(
        idsA.size() < 20, "listing ids should differ between seeds: " + idsA.size() + " shared");
  }

  @Test
  void aPrefixOfTheListingsIsTheSameWhateverTheCount() {
    // Each listing has its own random stream, so listing i does not depend on the feed's size
    // (except for the agent pool, which is sized from it).
    List<JsonNode> small = listings(100, 9, "houston");
    List<JsonNode> large = listings(300, 9, "houston");
    assertSameAtEachPlace(small, large, "listingId", "property", "address");
  }

  @Test
  void vendorLabelsUrlsButNotTheData() {
    List<JsonNode> houston = listings(200, 5, "houston");
    List<JsonNode> acme = listings(200, 5, "acme-mls");
    assertEquals(houston.size(), acme.size());
    assertSameAtEachPlace(houston, acme, "listingId", "listPrice");
    for (JsonNode listing : acme) {
      String photo = listing.get("photos").get(0).asText();
      assertTrue(photo.startsWith("https://photos.example.com/acme-mls/"), photo);
      assertEquals("acme-mls", listing.get("mls").get("originatingSystemName").asText());
    }
  }

  @Test
  void poolSizesFollowTheListingCount() {
    FeedGenerator small = new FeedGenerator(GeneratorConfig.of(10));
    assertEquals(8, small.agentCount());
    assertEquals(3, small.officeCount());
    FeedGenerator large = new FeedGenerator(GeneratorConfig.of(100_000));
    assertEquals(4000, large.agentCount());
    assertEquals(400, large.officeCount());
  }

  @Test
  void configRejectsOutOfRangeValues() {
    assertThrows(IllegalArgumentException.class, () -> new GeneratorConfig(0, 1, "houston"));
    assertThrows(
        IllegalArgumentException.class, () -> new GeneratorConfig(50_000_001, 1, "houston"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new GeneratorConfig(5, 1, "Has Space"));
    assertTrue(e.getMessage().contains("'Has Space'"), e.getMessage());
  }

  @Test
  void writeDirectoryWritesThreeDeterministicGzipFiles(@TempDir Path tmp) throws IOException {
    GeneratorConfig config = new GeneratorConfig(800, 11, "houston");
    Path one = tmp.resolve("one");
    Path two = tmp.resolve("two");
    GenerationSummary summary = new FeedGenerator(config).writeDirectory(one);
    new FeedGenerator(config).writeDirectory(two);
    GeneratedFeed plain = GeneratedFeed.generate(config);
    assertEquals(plain.summary(), summary);
    for (String name : List.of("listings.ndjson.gz", "openhouses.ndjson.gz", "agents.ndjson.gz")) {
      byte[] bytes = Files.readAllBytes(one.resolve(name));
      assertArrayEquals(bytes, Files.readAllBytes(two.resolve(name)), name);
      assertEquals(0x1f, bytes[0] & 0xff, name + " is gzip");
      assertEquals(0x8b, bytes[1] & 0xff, name + " is gzip");
    }
    assertArrayEquals(plain.openHouses(), gunzip(one.resolve("openhouses.ndjson.gz")));
    assertArrayEquals(plain.agents(), gunzip(one.resolve("agents.ndjson.gz")));
    try (var files = Files.list(one)) {
      assertEquals(4, files.count(), "three dumps and the photos, no temporary files");
    }
    // The pictures: 12 fronts and 32 rooms, the same bytes for the same seed; listings name them
    // relative to the dump, a front first.
    try (var photos = Files.list(one.resolve("photos"))) {
      List<Path> files = photos.sorted().toList();
      assertEquals(44, files.size(), files.toString());
      for (Path photo : files) {
        assertTrue(
            photo.getFileName().toString().matches("(front|room)-\\d\\d\\.jpg"), photo.toString());
        assertArrayEquals(
            Files.readAllBytes(photo),
            Files.readAllBytes(two.resolve("photos").resolve(photo.getFileName())));
        assertTrue(Files.size(photo) < 40_000, photo + ": " + Files.size(photo) + " bytes");
      }
    }
    ObjectMapper json = new ObjectMapper();
    List<String> written = GeneratedFeed.lines(gunzip(one.resolve("listings.ndjson.gz")));
    List<String> streamed = GeneratedFeed.lines(plain.listings());
    assertEquals(streamed.size(), written.size());
    for (int i = 0; i < written.size(); i++) { // the same listings, but for their photos' URLs
      ObjectNode a = (ObjectNode) json.readTree(written.get(i));
      ObjectNode b = (ObjectNode) json.readTree(streamed.get(i));
      assertEquals(b.get("photos").size(), a.remove("photos").size());
      b.remove("photos");
      assertEquals(b, a);
    }
    JsonNode first = json.readTree(written.get(0));
    assertTrue(
        first.at("/photos/0").asText().matches("photos/front-\\d\\d\\.jpg"),
        first.at("/photos").toString());
    assertTrue(
        first.at("/photos/1").asText().matches("photos/room-\\d\\d\\.jpg"),
        first.at("/photos").toString());
  }

  @Test
  void generateFlushesButDoesNotCloseTheStreams() throws IOException {
    ClosingCheck listings = new ClosingCheck();
    new FeedGenerator(GeneratorConfig.of(20))
        .generate(listings, new ByteArrayOutputStream(), new ByteArrayOutputStream());
    assertFalse(listings.closed);
    assertEquals(20, GeneratedFeed.lines(listings.toByteArray()).size());
  }

  private static final class ClosingCheck extends ByteArrayOutputStream {
    boolean closed;

    @Override
    public void close() {
      closed = true;
    }
  }

  private static Set<String> ids(List<JsonNode> listings) {
    Set<String> ids = new HashSet<>();
    listings.forEach(l -> ids.add(l.get("listingId").asText()));
    return ids;
  }

  static byte[] gunzip(Path file) throws IOException {
    return gunzip(Files.readAllBytes(file));
  }

  static byte[] gunzip(byte[] gzip) throws IOException {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
      return in.readAllBytes();
    }
  }
}
