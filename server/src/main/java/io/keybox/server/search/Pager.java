package io.keybox.server.search;

import io.keybox.schema.field.LongValueField;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.query.Paging;
import io.keybox.server.search.exec.SortOrder;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;

/**
 * Pages through the matches of a query the way /properties does (API.md §7): in offset mode by the
 * given order, in cursor mode ({@code lastId}) by the key field ascending, starting after the
 * cursor. One more hit than the page holds is fetched to know whether more follow.
 */
final class Pager {
  /** The first window of {@link #previousCursor}, in keys per record of the page. */
  private static final long FIRST_WINDOW = 4;

  /** How much each further window of {@link #previousCursor} widens. */
  private static final long WINDOW_GROWTH = 8;

  private Pager() {}

  /**
   * The page {@code paging} asks for.
   *
   * @param key the record's numeric key (the cursor and the ids of the page), or empty when the
   *     records have none (then {@code paging} must carry no cursor)
   * @throws InvalidRequestException {@code offset too high} when a page past the first is empty
   */
  static PageHits page(
      IndexSearcher searcher,
      Query query,
      SortOrder order,
      Optional<LongValueField> key,
      Paging paging)
      throws IOException {
    ScoreDoc[] hits;
    OptionalLong previousLastId = OptionalLong.empty();
    if (paging.lastId().isPresent()) {
      LongValueField keyField = key.orElseThrow();
      long lastId = paging.lastId().getAsLong();
      previousLastId = previousCursor(searcher, query, keyField, lastId, paging.limit());
      Query afterCursor =
          new BooleanQuery.Builder()
              .add(query, Occur.FILTER)
              .add(keyField.after(lastId), Occur.FILTER)
              .build();
      hits =
          searcher.search(afterCursor, paging.limit() + 1, new Sort(keyField.sort(false)), false)
              .scoreDocs;
    } else {
      hits = order.page(searcher, query, paging.offset(), paging.limit() + 1);
      if (paging.offset() > 0 && hits.length == 0) {
        throw new InvalidRequestException(
            "offset too high: offset " + paging.offset() + " is at or past the number of matches");
      }
    }
    int to = Math.min(hits.length, paging.limit());
    int[] docs = new int[to];
    for (int i = 0; i < to; i++) {
      docs[i] = hits[i].doc;
    }
    // Only a cursor page links by key, and its hits carry their keys as sort values. An offset page
    // read each hit's key from doc values for nothing (a doc values reader per hit).
    OptionalLong lastKey =
        paging.lastId().isPresent() && to > 0
            ? OptionalLong.of(keyOf(searcher, key.orElseThrow(), hits[to - 1], true))
            : OptionalLong.empty();
    OptionalLong total =
        paging.count() ? OptionalLong.of(searcher.count(query)) : OptionalLong.empty();
    return new PageHits(docs, lastKey, hits.length > to, total, previousLastId);
  }

  /**
   * The {@code lastId} whose page is the one before the page after {@code lastId}: the previous
   * page holds the {@code limit} matches with the largest keys at or below {@code lastId}, so its
   * cursor is the match just below those, 0 when there is none, and empty when no match lies at or
   * below {@code lastId} (the current page starts at the beginning).
   *
   * <p>A descending key sort over every match at or below the cursor cannot stop early on an index
   * sorted by key ascending: on a 1M-listing walk it scored every match before the cursor and cost
   * five times the page itself. So it looks in a window of keys just below the cursor first ({@link
   * #FIRST_WINDOW} per record of the page), and widens the window ({@link #WINDOW_GROWTH} times)
   * only while the window holds no more than {@code limit} matches: every match outside the window
   * is smaller than every match inside it. With keys assigned densely, as the indexer does, one
   * window is enough unless the filter admits under a quarter of the records.
   */
  private static OptionalLong previousCursor(
      IndexSearcher searcher, Query query, LongValueField key, long lastId, int limit)
      throws IOException {
    if (lastId <= 0) {
      return OptionalLong.empty();
    }
    Sort descending = new Sort(key.sort(true));
    long span = FIRST_WINDOW * (limit + 1L);
    while (true) {
      // The window is (lastId - span, lastId]; once it would reach below 1 it is open below.
      boolean open = span >= lastId;
      Query inWindow =
          new BooleanQuery.Builder()
              .add(query, Occur.FILTER)
              .add(key.range(open ? null : lastId - span + 1, lastId), Occur.FILTER)
              .build();
      ScoreDoc[] before = searcher.search(inWindow, limit + 1, descending, false).scoreDocs;
      if (before.length > limit) {
        return OptionalLong.of(keyOf(searcher, key, before[limit], true));
      }
      if (open) {
        return before.length == 0 ? OptionalLong.empty() : OptionalLong.of(0);
      }
      span = span > Long.MAX_VALUE / WINDOW_GROWTH ? Long.MAX_VALUE : span * WINDOW_GROWTH;
    }
  }

  /** The key of a hit, from its sort value when {@code sortedByKey}, else from doc values. */
  private static long keyOf(
      IndexSearcher searcher, LongValueField key, ScoreDoc hit, boolean sortedByKey)
      throws IOException {
    if (sortedByKey && hit instanceof FieldDoc fieldDoc && fieldDoc.fields[0] instanceof Long id) {
      return id;
    }
    return key.valueOf(searcher.getIndexReader(), hit.doc)
        .orElseThrow(() -> new IllegalStateException("document " + hit.doc + " has no key"));
  }
}
