package io.keybox.server.search;

import io.keybox.schema.listing.ListingSource;
import java.util.List;

/**
 * One page of listings.
 *
 * @param listings the listings of the page, in order
 * @param hits their mlsIds and the facts the page's Link and count headers need
 */
public record ListingPage(List<ListingSource> listings, PageHits hits) implements ResultPage {}
