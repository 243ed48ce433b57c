package io.keybox.schema.field;

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
 */
public final class SortOrder {
  private final Sort sort;
  private final Query hasKey;
  private final Sort tieBreak;

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
    ScoreDoc[] hits = Arrays.copyOf(withKey, withKey.length + withoutKey.length);
    System.arraycopy(withoutKey, 0, hits, withKey.length, withoutKey.length);
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
