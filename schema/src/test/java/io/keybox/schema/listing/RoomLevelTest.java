package io.keybox.schema.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A room's level, as the upstream API serves it: an integer or null (API.md §5). */
class RoomLevelTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      nullValues = "null",
      value = {
        "First, 1",
        "Second, 2",
        "Third, 3",
        "Fourth, 4",
        "Tenth, 10",
        "first, 1",
        "'  SECOND ', 2",
        "Main, 1",
        "Upper, 2",
        "Lower, 0",
        "Basement, 0",
        "0, 0",
        "1, 1",
        "2, 2",
        "12, 12",
        "2nd, 2",
        "3rd, 3",
        "1st, 1",
        "Attic, null",
        "Second Floor, null",
        "Eleventh, null",
        "'', null",
        "-1, null",
        "1.5, null",
        "9999, null",
        "st, null",
      })
  void aWordOrDigitsIsItsFloor(String text, Integer expected) {
    assertEquals(
        expected == null ? OptionalInt.empty() : OptionalInt.of(expected), RoomLevel.parse(text));
  }

  @Test
  void theLeafTypeTurnsFeedValuesIntoAnIntegerOrNull() throws Exception {
    assertEquals("1", coerce("\"First\""));
    assertEquals("0", coerce("\"Basement\""));
    assertEquals("3", coerce("3"));
    assertEquals("2", coerce("2.0"));
    assertEquals("null", coerce("2.5"));
    assertEquals("null", coerce("-1"));
    assertEquals("null", coerce("\"Loft\""));
    assertEquals("null", coerce("null"));
    assertEquals("null", coerce("true"));
    assertEquals("null", coerce("[\"First\"]"));
    assertEquals("null", RoomLevel.LEAF_TYPE.coerce(null).toString());
  }

  @Test
  void aParsedListingCarriesIntegerLevels() throws Exception {
    ListingRecord listing =
        ListingRecord.parse(
            JSON.readTree(
                "{\"listingId\":\"L1\",\"property\":{\"rooms\":["
                    + "{\"type\":\"Bedroom\",\"level\":\"Second\"},"
                    + "{\"type\":\"Kitchen\",\"level\":\"Main\"},"
                    + "{\"type\":\"Den\",\"level\":\"Basement\"},"
                    + "{\"type\":\"Loft\",\"level\":\"Mezzanine\"},"
                    + "{\"type\":\"Bath\"}]}}"));
    List<String> levels = new ArrayList<>();
    listing.tree().at("/property/rooms").forEach(room -> levels.add(room.get("level").toString()));
    assertEquals(List.of("2", "1", "0", "null", "null"), levels);
  }

  private static String coerce(String json) throws Exception {
    return RoomLevel.LEAF_TYPE.coerce(JSON.readTree(json)).toString();
  }
}
