package io.keybox.bench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The PostgreSQL peer's {@code keywords} column: the words Keybox indexes for {@code q}. */
class ListingRowsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void keywordsHoldEachWordOfTheSearchedTextsOnce() throws Exception {
    String listing =
        """
        {"listingId": "HAR-1617",
         "address": {"streetNumberText": "1617", "streetNumber": 1617, "streetName": "Woodforest Blvd",
                     "unit": null, "city": "Houston", "postalCode": "77015"},
         "property": {"subdivision": "Woodforest North"},
         "mls": {"area": "Channelview"}}
        """;
    assertEquals(
        "'har' '1617' 'woodforest' 'blvd' 'houston' '77015' 'north' 'channelview'",
        ListingRows.keywords(JSON.readTree(listing)));
  }

  @Test
  void aListingWithoutSearchedTextsHasNoKeywords() throws Exception {
    assertNull(ListingRows.keywords(JSON.readTree("{\"address\": {\"unit\": \" - \"}}")));
  }
}
