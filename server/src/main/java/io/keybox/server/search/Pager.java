package io.keybox.server.search;

import io.keybox.schema.field.LongValueField;
import io.keybox.server.error.ApiException;
import io.keybox.server.query.Paging;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
 * given sort, in cursor mode ({@code lastId}) by the key field ascending, starting after the
 * cursor. One more hit than the page holds is fetched to know whether more follow.
 */
final class Pager {
  private Pager() {}

  /**
   * The page {@code paging} asks for.
   *
   * @param key the record's numeric key (the cursor and the ids of the page), or empty when the
   *     records have none (then {@code paging} must carry no cursor)
   * @throws ApiException 400 {@code offset too high} when a page past the first is empty
   */
  static PageHits page(
      IndexSearcher searcher, Query query, Sort sort, Optional<LongValueField> key, Paging paging)
      throws IOException {
    ScoreDoc[] hits;
    int from;
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
      from = 0;
    } else {
      hits = searcher.search(query, paging.offset() + paging.limit() + 1, sort, false).scoreDocs;
      from = paging.offset();
      if (from > 0 && hits.length <= from) {
        throw ApiException.badRequest(
            "offset too high: offset " + from + " is at or past the number of matches");
      }
    }
    int to = Math.min(hits.length, from + paging.limit());
    int[] docs = new int[Math.max(0, to - from)];
    List<Long> keys = new ArrayList<>(docs.length);
    for (int i = from; i < to; i++) {
      docs[i - from] = hits[i].doc;
      if (key.isPresent()) {
        keys.add(keyOf(searcher, key.get(), hits[i]));
      }
    }
    OptionalLong total =
        paging.count() ? OptionalLong.of(searcher.count(query)) : OptionalLong.empty();
    return new PageHits(docs, keys, hits.length > to, total, previousLastId);
  }

  /**
   * The {@code lastId} whose page is the one before the page after {@code lastId} (see {@link
   * ListingSearcher}): the match just below the {@code limit} largest keys at or below {@code
   * lastId}, 0 when there is none, empty when the current page starts at the beginning.
   */
  private static OptionalLong previousCursor(
      IndexSearcher searcher, Query query, LongValueField key, long lastId, int limit)
      throws IOException {
    if (lastId <= 0) {
      return OptionalLong.empty();
    }
    Query atOrBefore =
        new BooleanQuery.Builder()
            .add(query, Occur.FILTER)
            .add(key.range(null, lastId), Occur.FILTER)
            .build();
    ScoreDoc[] before =
        searcher.search(atOrBefore, limit + 1, new Sort(key.sort(true)), false).scoreDocs;
    if (before.length == 0) {
      return OptionalLong.empty();
    }
    return before.length <= limit
        ? OptionalLong.of(0)
        : OptionalLong.of(keyOf(searcher, key, before[limit]));
  }

  /** The key of a hit, from the sort values when the sort was by the key, else from doc values. */
  private static long keyOf(IndexSearcher searcher, LongValueField key, ScoreDoc hit)
      throws IOException {
    if (hit instanceof FieldDoc fieldDoc
        && fieldDoc.fields.length == 1
        && fieldDoc.fields[0] instanceof Long id) {
      return id;
    }
    return key.valueOf(searcher.getIndexReader(), hit.doc)
        .orElseThrow(() -> new IllegalStateException("document " + hit.doc + " has no key"));
  }
}
