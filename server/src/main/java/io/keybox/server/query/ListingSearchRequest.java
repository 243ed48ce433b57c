package io.keybox.server.query;

import io.keybox.schema.listing.ListingSort;
import java.util.OptionalLong;

/**
 * A validated {@code GET /properties} request.
 *
 * @param filter what matches: the values of {@link io.keybox.schema.listing.ListingFilters}
 * @param sort the order (ignored in cursor mode, which orders by mlsId)
 * @param descending whether {@code sort} runs from high to low
 * @param limit page size, 1..500
 * @param offset matches skipped (offset mode)
 * @param lastId the cursor: matches after this mlsId in mlsId order; empty in offset mode
 * @param include the optional blocks to add
 * @param count whether to report the total number of matches
 */
public record ListingSearchRequest(
    FilterValues filter,
    ListingSort sort,
    boolean descending,
    int limit,
    int offset,
    OptionalLong lastId,
    Include include,
    boolean count)
    implements PagedRequest {

  /** The paging of this request, as every list endpoint pages. */
  @Override
  public Paging paging() {
    return new Paging(limit, offset, lastId, count);
  }
}
