package io.keybox.server.search.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.schema.field.LongValueField;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A field's first values in each order, read once per reader and dropped when it closes: records k
 * 1 to 3,000 holding {@code v = (k * 7) % 3,001} (each of 1 to 3,000 once, out of key order) and k
 * 3,001 to 3,010 holding none.
 */
class ExtremeValuesTest {
  private static final LongValueField K = new LongValueField("k", r -> r.path("k").asLong());
  private static final LongValueField V =
      new LongValueField("v", r -> r.has("v") ? r.get("v").asLong() : null);

  private static KeyedRecords index() throws Exception {
    return new KeyedRecords(
        K,
        3_010,
        1_000,
        k ->
            k > 3_000
                ? KeyedRecords.record("k", k)
                : KeyedRecords.record("k", k).put("v", k * 7 % 3_001),
        V);
  }

  @Test
  void theLargestFirstAndTheSmallestFirstOfTheRecordsThatHoldOne() throws Exception {
    try (KeyedRecords index = index()) {
      long[] largest = ExtremeValues.of(index.searcher().getIndexReader(), V, true);
      long[] smallest = ExtremeValues.of(index.searcher().getIndexReader(), V, false);
      assertEquals(3_000, largest.length);
      assertArrayEquals(new long[] {3_000, 2_999, 2_998}, Arrays.copyOf(largest, 3));
      assertArrayEquals(new long[] {1, 2, 3}, Arrays.copyOf(smallest, 3));
      assertEquals(1, largest[2_999]);
    }
  }

  @Test
  void theValuesOfAReaderAreReadOnceAndDroppedWhenItCloses() throws Exception {
    int before = ExtremeValues.readersKept();
    try (KeyedRecords index = index()) {
      long[] once = ExtremeValues.of(index.searcher().getIndexReader(), V, true);
      assertEquals(before + 1, ExtremeValues.readersKept());
      assertEquals(once, ExtremeValues.of(index.searcher().getIndexReader(), V, true));
    }
    assertEquals(before, ExtremeValues.readersKept());
  }
}
