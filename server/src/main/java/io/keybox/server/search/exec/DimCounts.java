package io.keybox.server.search.exec;

import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.ListingDim;
import io.keybox.schema.listing.ListingFacets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.Facets;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;

/**
 * The counts of every {@link ListingDim} over one set of matches. Values that differ only in case
 * (after trimming) are one value, because every filter compares them that way: their counts are
 * summed and the value is shown in the spelling most records use (ties: the first in code-point
 * order).
 *
 * <p>Counted from the {@link ListingFacets.State} the server keeps with each reader:
 *
 * <pre>{@code
 * FacetsCollector matches = searcher.search(query, new FacetsCollectorManager());
 * DimCounts counts = DimCounts.count(state, matches);
 * List<ValueCount> byCity = counts.values(ListingDim.CITY);
 * }</pre>
 */
public final class DimCounts {
  /** Most frequent first, then by value. */
  public static final Comparator<ValueCount> BY_COUNT =
      Comparator.comparingLong(ValueCount::count).reversed().thenComparing(ValueCount::value);

  /** By value ignoring case, then exactly. */
  public static final Comparator<String> BY_VALUE =
      Comparator.comparing(KeywordField::normalize).thenComparing(Comparator.naturalOrder());

  private final Map<String, Facets> byField;
  private final Function<ListingDim, List<String>> fieldsOf;

  /**
   * @param byField counts per facet field; a field absent was not counted
   * @param fieldsOf the fields that hold a dim's labels (their counts are added up)
   */
  private DimCounts(Map<String, Facets> byField, Function<ListingDim, List<String>> fieldsOf) {
    this.byField = Map.copyOf(byField);
    this.fieldsOf = fieldsOf;
  }

  /**
   * Counts {@code dims} (and any other dim that shares their facet field) over the documents {@code
   * matches} collected; a dim not counted has no values in the result.
   *
   * @throws IOException from the index
   */
  public static DimCounts count(
      ListingFacets.State state, FacetsCollector matches, Set<ListingDim> dims) throws IOException {
    Map<String, Facets> byField = new HashMap<>();
    for (ListingDim dim : dims) {
      for (String field : state.fieldsOf(dim)) {
        if (!byField.containsKey(field)) {
          byField.put(
              field, new SortedSetDocValuesFacetCounts(state.byField().get(field), matches));
        }
      }
    }
    return new DimCounts(byField, state::fieldsOf);
  }

  /**
   * Counts every dim over the documents {@code matches} collected.
   *
   * @throws IOException from the index
   */
  public static DimCounts count(ListingFacets.State state, FacetsCollector matches)
      throws IOException {
    return count(state, matches, EnumSet.allOf(ListingDim.class));
  }

  /**
   * The values of {@code dim} held by at least one match, with their counts, most frequent first.
   *
   * @throws IOException from the index
   */
  public List<ValueCount> values(ListingDim dim) throws IOException {
    List<LabelAndValue> labels = new ArrayList<>();
    for (String field : fieldsOf.apply(dim)) {
      Facets facets = byField.get(field);
      if (facets == null) {
        continue;
      }
      FacetResult result;
      try {
        result = facets.getAllChildren(dim.dimName());
      } catch (IllegalArgumentException neverIndexed) {
        continue;
      }
      if (result != null) {
        labels.addAll(Arrays.asList(result.labelValues));
      }
    }
    List<ValueCount> folded = fold(labels);
    folded.sort(BY_COUNT);
    return folded;
  }

  private static List<ValueCount> fold(List<LabelAndValue> labels) {
    // normal form -> (spelling -> count), spellings in first-seen order
    Map<String, Map<String, Long>> groups = new LinkedHashMap<>();
    for (LabelAndValue label : labels) {
      long count = label.value.longValue();
      if (count > 0) {
        groups
            .computeIfAbsent(KeywordField.normalize(label.label), k -> new LinkedHashMap<>())
            .merge(label.label, count, Long::sum);
      }
    }
    List<ValueCount> folded = new ArrayList<>(groups.size());
    for (Map<String, Long> spellings : groups.values()) {
      String shown = null;
      long shownCount = -1;
      long total = 0;
      for (Map.Entry<String, Long> spelling : spellings.entrySet()) {
        total += spelling.getValue();
        if (spelling.getValue() > shownCount
            || (spelling.getValue() == shownCount && spelling.getKey().compareTo(shown) < 0)) {
          shown = spelling.getKey();
          shownCount = spelling.getValue();
        }
      }
      folded.add(new ValueCount(shown, total));
    }
    return folded;
  }
}
