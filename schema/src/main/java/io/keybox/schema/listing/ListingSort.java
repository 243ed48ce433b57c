package io.keybox.schema.listing;

import io.keybox.schema.field.SortableField;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;

/**
 * The sort keys of the {@code sort} parameter (API.md §7). Every sort breaks ties by mlsId
 * ascending so pages are stable; listings lacking the key come last in both directions.
 */
public enum ListingSort {
  LISTPRICE("listprice", ListingFields.LIST_PRICE),
  LISTDATE("listdate", ListingFields.LIST_DATE),
  CLOSEDATE("closedate", ListingFields.CLOSE_DATE),
  BEDS("beds", ListingFields.BEDS),
  BATHS("baths", ListingFields.BATHS),
  MODIFIED("modified", ListingFields.MODIFIED);

  /** mlsId ascending: the order of the {@code lastId} cursor, and the index order. */
  public static final Sort BY_MLS_ID = new Sort(ListingFields.MLS_ID.sort(false));

  private final String parameterName;
  private final SortableField field;

  ListingSort(String parameterName, SortableField field) {
    this.parameterName = parameterName;
    this.field = field;
  }

  /** The name in the {@code sort} parameter, without the {@code -} of descending order. */
  public String parameterName() {
    return parameterName;
  }

  /**
   * The key a parameter name denotes, ignoring case ({@code listPrice} is {@code listprice}), as
   * every other enumerated parameter does.
   */
  public static Optional<ListingSort> parse(String name) {
    String key = name.toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(s -> s.parameterName.equals(key)).findFirst();
  }

  /** Every accepted {@code sort} value: each name, then each with {@code -}. */
  public static List<String> parameterValues() {
    return Arrays.stream(values())
        .flatMap(s -> java.util.stream.Stream.of(s.parameterName, "-" + s.parameterName))
        .toList();
  }

  /**
   * The order of this key in the given direction as one Lucene sort: by the key, listings without
   * it last, then by mlsId ascending. Searching it as it is finds the right page; the server finds
   * the same page faster by searching the listings with the key ({@link #hasKey}) first.
   */
  public Sort sort(boolean descending) {
    return new Sort(field.sort(descending), ListingFields.MLS_ID.sort(false));
  }

  /** The listings that have a value of this key. */
  public Query hasKey() {
    return field.hasValue();
  }
}
