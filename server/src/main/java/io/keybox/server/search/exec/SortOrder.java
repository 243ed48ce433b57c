package io.keybox.server.search.exec;

import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;

/**
 * The order of a page of hits, and the way to find its first hits.
 *
 * <p>Most orders are one Lucene {@link Sort}. A {@linkplain #missingLast missing-last} order sorts
 * by one field, puts the records that lack the field after all that have it (in both directions),
 * and breaks ties by further keys. Lucene skips the documents that cannot enter the top hits with
 * the sort field's points, but only once the hits gathered so far have values: while they lack the
 * field, every match is competitive. Sorting the active listings of a 1,000,000-listing index by
 * close date, which only sold listings have, visited all 530,000 matches (12 ms a page). So {@link
 * #top} searches twice: the matches that have the field, in order; then, only if those are too few,
 * the matches that lack it, by the tie-break keys alone, which Lucene cuts short after enough hits
 * per segment when they are the index sort.
 *
 * <p>A deep page ({@link #page} from offset {@value #DEEP_OFFSET}) of a missing-last order by a
 * numeric field is found in two passes as well. Collecting the first offset + count hits keeps them
 * all in Lucene's hit queue and re-heaps it on every competitive match: the largest share of a
 * 1,000,000-listing page at offset 5,000-10,000 went to that queue. So a first pass keeps only the
 * sort values, in a heap of longs, to learn the value at the offset and how many matches sort
 * before it; the second collects from that value on ({@code searchAfter}), which needs a queue of
 * little more than the page and lets Lucene skip, with the field's points, the matches before it.
 */
public final class SortOrder {
  private final Sort sort;
  private final Query hasKey;
  private final Sort tieBreak;

  /** The offset from which {@link #page} finds a missing-last page's first value beforehand. */
  public static final int DEEP_OFFSET = 1_000;

  private SortOrder(Sort sort, Query hasKey, Sort tieBreak) {
    this.sort = sort;
    this.hasKey = hasKey;
    this.tieBreak = tieBreak;
  }

  /** The order of {@code sort}, searched as it is. */
  public static SortOrder of(Sort sort) {
    return new SortOrder(Objects.requireNonNull(sort), null, null);
  }

  /**
   * By {@code key}, whose missing value must sort last in its direction, then by {@code tieBreak}.
   *
   * @param hasKey the records that have a value of {@code key}'s field
   */
  public static SortOrder missingLast(SortField key, Query hasKey, SortField... tieBreak) {
    SortField[] all = new SortField[tieBreak.length + 1];
    all[0] = key;
    System.arraycopy(tieBreak, 0, all, 1, tieBreak.length);
    return new SortOrder(
        new Sort(all),
        Objects.requireNonNull(hasKey),
        tieBreak.length == 0 ? Sort.INDEXORDER : new Sort(tieBreak));
  }

  /**
   * By {@code sort}'s first field, whose missing value must sort last in its direction, then by its
   * further fields (the schema's sort definitions hand out such a sort).
   *
   * @param hasKey the records that have a value of the first field
   */
  public static SortOrder missingLast(Sort sort, Query hasKey) {
    SortField[] fields = sort.getSort();
    return missingLast(fields[0], hasKey, Arrays.copyOfRange(fields, 1, fields.length));
  }

  /** The whole order as one Lucene sort: the same order {@link #top} finds. */
  public Sort sort() {
    return sort;
  }

  /**
   * The first {@code n} matches of {@code query} in this order: the same hits, in the same order,
   * as searching with {@link #sort()}.
   *
   * @param n at least 1
   */
  public ScoreDoc[] top(IndexSearcher searcher, Query query, int n) throws IOException {
    if (hasKey == null) {
      return searcher.search(query, n, sort, false).scoreDocs;
    }
    ScoreDoc[] withKey =
        searcher.search(both(query, hasKey, Occur.FILTER), n, sort, false).scoreDocs;
    if (withKey.length >= n) {
      return withKey;
    }
    ScoreDoc[] withoutKey =
        searcher.search(both(query, hasKey, Occur.MUST_NOT), n - withKey.length, tieBreak, false)
            .scoreDocs;
    return concat(withKey, withoutKey);
  }

  /**
   * The matches of {@code query} from {@code offset} on in this order, at most {@code count}: the
   * same hits as {@link #top} of {@code offset + count}, from {@code offset} on.
   *
   * @param count at least 1
   */
  public ScoreDoc[] page(IndexSearcher searcher, Query query, int offset, int count)
      throws IOException {
    return page(searcher, query, offset, count, DEEP_OFFSET);
  }

  /** {@link #page}, finding the first value beforehand from {@code deepFrom} on (for tests). */
  ScoreDoc[] page(IndexSearcher searcher, Query query, int offset, int count, int deepFrom)
      throws IOException {
    if (hasKey != null && offset >= deepFrom && DeepPage.applies(sort)) {
      DeepPage.Found keyed =
          DeepPage.find(searcher, both(query, hasKey, Occur.FILTER), sort, offset, count);
      if (keyed.hits().length == count) {
        return keyed.hits();
      }
      // The matches with the key end before or inside the page; the rest lack it, by the
      // tie-break, the first of them at rank `keyed.matches()`.
      int skip = (int) Math.max(0, offset - keyed.matches());
      ScoreDoc[] rest =
          searcher.search(
                  both(query, hasKey, Occur.MUST_NOT),
                  skip + count - keyed.hits().length,
                  tieBreak,
                  false)
              .scoreDocs;
      return concat(keyed.hits(), from(rest, skip));
    }
    return from(top(searcher, query, offset + count), offset);
  }

  /** {@code hits} from {@code index} on (none when there are no more). */
  static ScoreDoc[] from(ScoreDoc[] hits, int index) {
    return hits.length <= index ? new ScoreDoc[0] : Arrays.copyOfRange(hits, index, hits.length);
  }

  private static ScoreDoc[] concat(ScoreDoc[] first, ScoreDoc[] then) {
    ScoreDoc[] hits = Arrays.copyOf(first, first.length + then.length);
    System.arraycopy(then, 0, hits, first.length, then.length);
    return hits;
  }

  private static Query both(Query query, Query key, Occur keyOccur) {
    return new BooleanQuery.Builder().add(query, Occur.FILTER).add(key, keyOccur).build();
  }

  @Override
  public String toString() {
    return hasKey == null ? sort.toString() : sort + " (missing last: " + hasKey + ")";
  }
}
