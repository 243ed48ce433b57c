package io.keybox.schema.openhouse;

import io.keybox.schema.field.SortableField;
import io.keybox.schema.listing.ListingFields;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;

/**
 * The sort keys of the {@code sort} parameter of /openhouses (API.md §10): the listing's price,
 * list date, beds and baths, and the open house's start time. Every sort breaks ties by
 * openHouseKey ascending so pages are stable; open houses lacking the key come last in both
 * directions.
 */
public enum OpenHouseSort {
  LISTPRICE("listprice", ListingFields.LIST_PRICE),
  LISTDATE("listdate", ListingFields.LIST_DATE),
  BEDS("beds", ListingFields.BEDS),
  BATHS("baths", ListingFields.BATHS),
  STARTTIME("starttime", OpenHouseFields.START_TIME);

  /** openHouseKey ascending: the order of the {@code lastId} cursor. */
  public static final Sort BY_KEY = new Sort(OpenHouseFields.OPEN_HOUSE_KEY.sort(false));

  private final String parameterName;
  private final SortableField field;

  OpenHouseSort(String parameterName, SortableField field) {
    this.parameterName = parameterName;
    this.field = field;
  }

  /** The key a parameter name denotes (exact, lower case, without {@code -}). */
  public static Optional<OpenHouseSort> parse(String name) {
    return Arrays.stream(values()).filter(s -> s.parameterName.equals(name)).findFirst();
  }

  /** Every accepted {@code sort} value: each name, then each with {@code -}. */
  public static List<String> parameterValues() {
    return Arrays.stream(values())
        .flatMap(s -> Stream.of(s.parameterName, "-" + s.parameterName))
        .toList();
  }

  /**
   * The order of this key in the given direction as one Lucene sort: by the key, open houses
   * without it last, then by openHouseKey ascending. Searching it as it is finds the right page;
   * the server finds the same page faster by searching the open houses with the key ({@link
   * #hasKey}) first.
   */
  public Sort sort(boolean descending) {
    return new Sort(field.sort(descending), OpenHouseFields.OPEN_HOUSE_KEY.sort(false));
  }

  /** The open houses that have a value of this key. */
  public Query hasKey() {
    return field.hasValue();
  }
}
