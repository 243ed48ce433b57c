package io.keybox.schema.listing;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.field.KeywordField;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.FacetsConfig.DrillDownTermsIndexing;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetField;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;

/**
 * The SortedSet doc values facets of listings (Lucene's {@code SortedSetDocValuesFacetField}): one
 * dim per {@link ListingDim}, labelled with the display spelling of each value. Only listing
 * documents carry them, so counts and distinct values describe listings only.
 *
 * <p>Usage: the indexer passes each listing document through {@link #build}; the server makes one
 * {@link #readerState} per reader (it is costly: it maps ordinals across segments) and keeps it
 * with that reader, then counts the matches of each request with {@link #count}.
 *
 * <pre>{@code
 * FacetsCollector matches = searcher.search(query, new FacetsCollectorManager());
 * DimCounts counts = ListingFacets.count(state, matches);
 * List<ValueCount> byCity = counts.values(ListingDim.CITY);
 * }</pre>
 */
public final class ListingFacets {
  private final FacetsConfig config = new FacetsConfig();

  public ListingFacets() {
    for (ListingDim dim : ListingDim.values()) {
      // Features are lists; the other dims hold one value per listing, but declaring them
      // multi-valued costs nothing and keeps a feed with odd data from failing the build.
      config.setMultiValued(dim.dimName(), true);
      // Filters query the keyword fields; drill-down terms would only duplicate them.
      config.setDrillDownTermsIndexing(dim.dimName(), DrillDownTermsIndexing.NONE);
    }
  }

  /**
   * Adds the facet labels of {@code listing} (its canonical tree) to {@code doc} and returns the
   * document to index. Values differing only in case count once per listing, under their first
   * spelling.
   */
  public Document build(Document doc, JsonNode listing) {
    for (ListingDim dim : ListingDim.values()) {
      Set<String> seen = new HashSet<>();
      for (String value : dim.field().values(listing)) {
        if (seen.add(KeywordField.normalize(value))) {
          // The facet path delimiter may not occur in a label; a feed could still send it.
          String label = value.replace(FacetsConfig.DELIM_CHAR, ' ');
          doc.add(new SortedSetDocValuesFacetField(dim.dimName(), label));
        }
      }
    }
    try {
      return config.build(doc);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // only taxonomy facets do I/O here
    }
  }

  /**
   * The facet state of {@code reader}, or empty when it holds no listing facets (no listings).
   *
   * @throws IOException from the index
   */
  public Optional<SortedSetDocValuesReaderState> readerState(IndexReader reader)
      throws IOException {
    FieldInfo info =
        FieldInfos.getMergedFieldInfos(reader).fieldInfo(FacetsConfig.DEFAULT_INDEX_FIELD_NAME);
    if (info == null || info.getDocValuesType() != DocValuesType.SORTED_SET) {
      return Optional.empty();
    }
    return Optional.of(new DefaultSortedSetDocValuesReaderState(reader, config));
  }

  /**
   * Counts every dim over the documents {@code matches} collected.
   *
   * @throws IOException from the index
   */
  public static DimCounts count(SortedSetDocValuesReaderState state, FacetsCollector matches)
      throws IOException {
    return new DimCounts(new SortedSetDocValuesFacetCounts(state, matches));
  }
}
