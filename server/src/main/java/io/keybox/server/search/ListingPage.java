package io.keybox.server.search;

import io.keybox.schema.listing.ListingSource;
import java.util.List;
import java.util.OptionalLong;

/**
 * One page of listings.
 *
 * @param listings the listings of the page, in order
 * @param mlsIds their mlsIds, in the same order
 * @param hasMore whether more matches follow this page
 * @param total the exact number of matches, when it was asked for
 * @param previousLastId in cursor mode, the {@code lastId} that reproduces the previous page; empty
 *     when this page starts at the beginning (and always in offset mode)
 */
public record ListingPage(
    List<ListingSource> listings,
    List<Long> mlsIds,
    boolean hasMore,
    OptionalLong total,
    OptionalLong previousLastId) {}
