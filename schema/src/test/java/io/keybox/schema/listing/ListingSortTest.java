package io.keybox.schema.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ListingSortTest {
  @Test
  void namesAreParsedIgnoringCase() {
    assertEquals(Optional.of(ListingSort.LISTPRICE), ListingSort.parse("listprice"));
    assertEquals(Optional.of(ListingSort.LISTPRICE), ListingSort.parse("listPrice"));
    assertEquals(Optional.of(ListingSort.CLOSEDATE), ListingSort.parse("CLOSEDATE"));
    assertEquals(Optional.empty(), ListingSort.parse("price"));
    assertEquals(Optional.empty(), ListingSort.parse("-listprice"));
    assertEquals(Optional.empty(), ListingSort.parse(""));
  }

  @Test
  void parameterValuesListEachNameThenDescending() {
    assertEquals(
        List.of(
            "listprice",
            "-listprice",
            "listdate",
            "-listdate",
            "closedate",
            "-closedate",
            "beds",
            "-beds",
            "baths",
            "-baths",
            "modified",
            "-modified"),
        ListingSort.parameterValues());
  }
}
