package io.keybox.server.reso;

import io.keybox.schema.field.LongValueField;
import io.keybox.server.search.exec.LeadingWindows;
import io.keybox.server.search.exec.TopHits;
import java.io.IOException;
import java.util.Optional;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;

/**
 * The order of a read, and how its pages are found in it.
 *
 * <p>When the order is led by a whole-number field ({@link #ledBy}), such as a replica's {@code
 * $orderby=ModificationTimestamp,ListingKey} or a search's {@code ModificationTimestamp desc}, a
 * page is first looked for among the matches whose leading value lies in a window next to its start
 * ({@link LeadingWindows}): on an index kept in mlsId order, Lucene would visit every match of the
 * query for the first page, and every match past the cursor for the next. Otherwise, and when the
 * windows do not hold the page, the whole match set is searched.
 */
final class PageOrder {
  private final Sort sort;
  private final Optional<LeadingWindows> windows;

  private PageOrder(Sort sort, Optional<LeadingWindows> windows) {
    this.sort = sort;
    this.windows = windows;
  }

  /** Pages in {@code sort}, searched as Lucene sorts them. */
  static PageOrder of(Sort sort) {
    return new PageOrder(sort, Optional.empty());
  }

  /**
   * Pages in {@code sort}, whose first field orders by {@code field} ({@code descending} or not):
   * pages are searched in windows of its values first.
   */
  static PageOrder ledBy(Sort sort, LongValueField field, boolean descending) {
    return new PageOrder(sort, Optional.of(new LeadingWindows(field, descending)));
  }

  Sort sort() {
    return sort;
  }

  /**
   * The first {@code n} matches of {@code query} in this order, after {@code after} (null: from the
   * first); each hit a {@link FieldDoc} with its sort values.
   *
   * @throws IOException from the index
   */
  TopDocs page(IndexSearcher searcher, Query query, FieldDoc after, int n) throws IOException {
    if (windows.isPresent()) {
      Optional<TopDocs> found =
          after == null
              ? windows.get().first(searcher, query, sort, n)
              : windows.get().after(searcher, query, sort, after, n);
      if (found.isPresent()) {
        return found.get();
      }
    }
    return TopHits.after(searcher, after, query, n, sort);
  }
}
