package io.keybox.server.reso;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.PhotoUrls;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A listing's Media records: a mirrored photo (the index's {@code keybox-media:} reference) is
 * named by Keybox's own URL, {@code {base}/media/{vendor}/{digest}/{width}.jpg}, a hot-linked one
 * by its URL; keys and orders count from 1, the cover first.
 */
class ResoMediaRecordsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DIGEST = "0123456789abcdef0123456789abcdef01234567";

  @Test
  void mirroredPhotosAreNamedByKeyboxsUrlsHotLinkedOnesByTheirs() throws Exception {
    JsonNode listing =
        JSON.readTree(
            "{\"mlsId\":104,\"photos\":[\"keybox-media:"
                + DIGEST
                + "\",\"https://photos.example.com/2.jpg\"]}");
    List<JsonNode> media =
        ResoRecords.MEDIA.records(listing, PhotoUrls.of("https://cdn.example", "houston", 800));
    assertEquals(2, media.size());
    assertEquals(
        JSON.readTree(
            "{\"mediaKey\":\"104-1\",\"listingKey\":\"104\",\"resourceName\":\"Property\","
                + "\"order\":1,\"url\":\"https://cdn.example/media/houston/"
                + DIGEST
                + "/800.jpg\",\"category\":\"Photo\"}"),
        media.get(0));
    assertEquals("https://photos.example.com/2.jpg", media.get(1).path("url").asText());
    assertEquals("104-2", ResoRecords.MEDIA.keyOf(media.get(1)));
  }

  @Test
  void aListingWithoutPhotosHasNoMedia() throws Exception {
    assertEquals(
        List.of(),
        ResoRecords.MEDIA.records(
            JSON.readTree("{\"mlsId\":7}"), PhotoUrls.of("https://h", "v", 1600)));
  }
}
