package io.keybox.schema.listing;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;

/**
 * The sort keys of the {@code sort} parameter (API.md §7). Every sort breaks ties by mlsId
 * ascending so pages are stable; listings lacking the key come last in both directions.
 */
public enum ListingSort {
  LISTPRICE("listprice", ListingFields.LIST_PRICE::sort),
  LISTDATE("listdate", ListingFields.LIST_DATE::sort),
  CLOSEDATE("closedate", ListingFields.CLOSE_DATE::sort),
  BEDS("beds", ListingFields.BEDS::sort),
  BATHS("baths", ListingFields.BATHS::sort),
  MODIFIED("modified", ListingFields.MODIFIED::sort);

  /** mlsId ascending: the order of the {@code lastId} cursor, and the index order. */
  public static final Sort BY_MLS_ID = new Sort(ListingFields.MLS_ID.sort(false));

  private final String parameterName;
  private final Function<Boolean, SortField> sortField;

  ListingSort(String parameterName, Function<Boolean, SortField> sortField) {
    this.parameterName = parameterName;
    this.sortField = sortField;
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

  /** The Lucene sort for this key in the given direction, tie-broken by mlsId ascending. */
  public Sort sort(boolean descending) {
    return new Sort(sortField.apply(descending), ListingFields.MLS_ID.sort(false));
  }
}
