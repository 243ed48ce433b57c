package io.keybox.server.alerts;

import io.keybox.server.error.InvalidRequestException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.search.Query;

/**
 * Saved searches' queries, parsed and built into Lucene queries once and kept across commits:
 * parsing each search's query string and building its query again for every commit was 7% of
 * matching's time in the alerts bench's profile.
 *
 * <p>They are kept by the query string itself, not by the search: the Lucene query depends on
 * nothing else (a key's IDX rule is the query's own {@code idx} parameter, and no filter reads the
 * clock), so a search whose query is changed ({@code PATCH}) simply asks for another string, a
 * deleted one's is no longer asked for, and searches with the same query share one. The most
 * recently used {@value #MAX_KEPT} are kept.
 *
 * <p>Thread-safe: matching asks from several threads.
 */
final class SearchQueries {
  static final int MAX_KEPT = 20_000;

  /** A saved search's query, parsed, or why it no longer parses. */
  sealed interface Prepared {}

  /**
   * A query that parses.
   *
   * @param query the parsed query
   * @param lucene its Lucene query
   */
  record Parsed(SearchQuery query, Query lucene) implements Prepared {}

  /**
   * A query that no longer parses (stored valid; a later Keybox may read a parameter differently).
   *
   * @param reason the parser's message
   */
  record Refused(String reason) implements Prepared {}

  private final Map<String, Prepared> kept =
      new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Prepared> eldest) {
          return size() > MAX_KEPT;
        }
      };

  /** {@code query} (a saved search's query string) parsed, as {@link SearchQuery#parse} does. */
  Prepared of(String query) {
    synchronized (kept) {
      Prepared known = kept.get(query);
      if (known != null) {
        return known;
      }
    }
    // Parsed outside the lock: another thread's query is not kept waiting.
    Prepared prepared = prepare(query);
    synchronized (kept) {
      kept.put(query, prepared);
    }
    return prepared;
  }

  private static Prepared prepare(String query) {
    try {
      SearchQuery parsed = SearchQuery.parse(query);
      return new Parsed(parsed, parsed.luceneQuery());
    } catch (InvalidRequestException e) {
      return new Refused(e.getMessage());
    }
  }
}
