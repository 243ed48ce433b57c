package io.keybox.server.query;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.PropertyType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The filters of an open house search (API.md §10), validated. Every condition but {@code
 * startFrom} is on the open house's listing. Values of one parameter are OR-ed; parameters are
 * AND-ed; an empty list or value means "not filtered".
 *
 * @param types the listing's type codes ({@code type}: one value, default residential)
 * @param listingIds {@code listingId}
 * @param cities {@code cities}
 * @param brokers {@code brokers} ({@code office.brokerid})
 * @param agent {@code agent} ({@code agent.id}, one id)
 * @param price {@code minprice}/{@code maxprice}
 * @param minArea {@code minarea}
 * @param minBeds {@code minbeds}
 * @param minBaths {@code minbaths} (total baths)
 * @param startFrom {@code startdate}: open houses starting at or after it
 * @param idx the display rule, applied to the listing
 */
public record OpenHouseFilter(
    Set<PropertyType> types,
    List<String> listingIds,
    List<String> cities,
    List<String> brokers,
    Optional<String> agent,
    Range<Double> price,
    Optional<Long> minArea,
    Optional<Long> minBeds,
    Optional<Double> minBaths,
    Optional<Instant> startFrom,
    IdxRule idx) {}
