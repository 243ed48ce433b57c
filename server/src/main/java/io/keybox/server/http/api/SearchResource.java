package io.keybox.server.http.api;

import io.keybox.server.index.Snapshot;
import io.keybox.server.query.PagedRequest;
import io.keybox.server.query.Params;
import io.keybox.server.search.ResultPage;
import java.io.IOException;
import java.util.function.Function;

/**
 * A resource whose search is its own parser's request run by its own searcher; a subclass says how
 * a page (and a record, when it has a get) is written.
 */
abstract class SearchResource<Q extends PagedRequest, P extends ResultPage>
    implements ResourceHandlers.Resource<Q, P> {
  /** A searcher's search, such as {@code ListingSearcher::search}. */
  @FunctionalInterface
  interface Search<Q, P> {
    P search(Snapshot snapshot, Q request) throws IOException;
  }

  private final Function<Params, Q> parser;
  private final Search<Q, P> searcher;

  SearchResource(Function<Params, Q> parser, Search<Q, P> searcher) {
    this.parser = parser;
    this.searcher = searcher;
  }

  @Override
  public final Q parse(Params params) {
    return parser.apply(params);
  }

  @Override
  public final P search(Snapshot snapshot, Q request) throws IOException {
    return searcher.search(snapshot, request);
  }
}
