package io.keybox.schema.listing;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.field.KeywordField;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.FacetsConfig.DrillDownTermsIndexing;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.util.BytesRef;

/**
 * The SortedSet doc values facets of listings (Lucene's {@code SortedSetDocValuesFacetField}): one
 * dim per {@link ListingDim}, labelled with the display spelling of each value. Only listing
 * documents carry them, so counts and distinct values describe listings only.
 *
 * <p>The dims market analytics counts ({@link #ANALYTICS_DIMS}: one value per listing each) live in
 * their own doc values field, apart from the rest (features and other lists, many values per
 * listing): counting a request's matches then reads 4 ordinals per listing, not every facet label
 * the listing has (at 1M listings the shared field made counting 42% of an analytics request).
 *
 * <p>Usage: the indexer passes each listing document through {@link #build}; the server makes one
 * {@link #readerState} per reader (it is costly: it maps ordinals across segments) and keeps it
 * with that reader, then counts the matches of each request with it ({@code
 * io.keybox.server.search.exec.DimCounts}).
 */
public final class ListingFacets {
  /** The dims of market analytics' distributions; they have a facet field of their own. */
  public static final Set<ListingDim> ANALYTICS_DIMS =
      Collections.unmodifiableSet(
          EnumSet.of(ListingDim.STATUS, ListingDim.TYPE, ListingDim.CITY, ListingDim.MLS_AREA));

  /** The doc values field of {@link #ANALYTICS_DIMS}; the other dims use Lucene's default. */
  public static final String ANALYTICS_FIELD = "$analytics";

  private static final List<String> FIELDS =
      List.of(ANALYTICS_FIELD, FacetsConfig.DEFAULT_INDEX_FIELD_NAME);

  private static final ListingDim[] DIMS = ListingDim.values();

  private final FacetsConfig config = new FacetsConfig();

  /**
   * The facet state of one reader: a SortedSet reader state per facet field the reader holds.
   *
   * @param byField facet field name to its state
   */
  public record State(Map<String, SortedSetDocValuesReaderState> byField) {
    public State {
      byField = Map.copyOf(byField);
    }

    /**
     * The fields that hold {@code dim}'s labels in this reader: its own field, and the default
     * field too where that still has labels of an analytics dim, i.e. in segments written before
     * the analytics dims had a field of their own (all of them, or the older part of an index that
     * runs with {@code --incremental} since). Counting both adds up every listing; such an index
     * answers the same, only slower, until its next full run.
     */
    public List<String> fieldsOf(ListingDim dim) {
      String own = ListingFacets.fieldOf(dim);
      List<String> fields = new ArrayList<>(2);
      if (byField.containsKey(own)) {
        fields.add(own);
      }
      SortedSetDocValuesReaderState shared = byField.get(FacetsConfig.DEFAULT_INDEX_FIELD_NAME);
      if (!own.equals(FacetsConfig.DEFAULT_INDEX_FIELD_NAME)
          && shared != null
          && shared.getOrdRange(dim.dimName()) != null) {
        fields.add(FacetsConfig.DEFAULT_INDEX_FIELD_NAME);
      }
      if (fields.isEmpty() && shared != null) {
        fields.add(FacetsConfig.DEFAULT_INDEX_FIELD_NAME);
      }
      return fields;
    }
  }

  public ListingFacets() {
    for (ListingDim dim : ListingDim.values()) {
      // Features are lists; the other dims hold one value per listing, but declaring them
      // multi-valued costs nothing and keeps a feed with odd data from failing the build.
      config.setMultiValued(dim.dimName(), true);
      // Filters query the keyword fields; drill-down terms would only duplicate them.
      config.setDrillDownTermsIndexing(dim.dimName(), DrillDownTermsIndexing.NONE);
      config.setIndexFieldName(dim.dimName(), fieldOf(dim));
    }
  }

  /** The doc values field that holds {@code dim}'s labels. */
  static String fieldOf(ListingDim dim) {
    return ANALYTICS_DIMS.contains(dim) ? ANALYTICS_FIELD : FacetsConfig.DEFAULT_INDEX_FIELD_NAME;
  }

  /**
   * Adds the facet labels of {@code listing} (its canonical tree) to {@code doc} and returns the
   * document to index. Values differing only in case count once per listing, under their first
   * spelling.
   */
  public Document build(Document doc, JsonNode listing) {
    // What FacetsConfig.build writes for these dims (flat, multi-valued, no drill-down terms):
    // one sorted-set doc value "dim<DELIM>label" per label in the dim's field. Written directly,
    // as build also copies every other field of the document into a new one: that made this step
    // about a third slower (bench/README, "Optimisations"). ListingFacetsTest pins the encoding.
    for (ListingDim dim : DIMS) {
      Set<String> seen = new HashSet<>();
      for (String value : dim.field().values(listing)) {
        if (seen.add(KeywordField.normalize(value))) {
          // The facet path delimiter may not occur in a label; a feed could still send it.
          String label = value.replace(FacetsConfig.DELIM_CHAR, ' ');
          doc.add(
              new SortedSetDocValuesField(
                  fieldOf(dim), new BytesRef(FacetsConfig.pathToString(dim.dimName(), label))));
        }
      }
    }
    return doc;
  }

  /**
   * The facet state of {@code reader}, or empty when it holds no listing facets (no listings).
   *
   * @throws IOException from the index
   */
  public Optional<State> readerState(IndexReader reader) throws IOException {
    FieldInfos infos = FieldInfos.getMergedFieldInfos(reader);
    Map<String, SortedSetDocValuesReaderState> byField = new HashMap<>();
    for (String field : FIELDS) {
      FieldInfo info = infos.fieldInfo(field);
      if (info != null && info.getDocValuesType() == DocValuesType.SORTED_SET) {
        byField.put(field, new DefaultSortedSetDocValuesReaderState(reader, field, config));
      }
    }
    return byField.isEmpty() ? Optional.empty() : Optional.of(new State(byField));
  }
}
