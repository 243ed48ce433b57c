package io.keybox.server.query;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.PropertyType;
import io.keybox.schema.listing.Status;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The filters of a listing search (API.md §7), validated. Values of one parameter are OR-ed, except
 * {@code features} and {@code exteriorFeatures} (each required); different parameters are AND-ed.
 * An empty list means "not filtered".
 */
public record ListingFilter(
    List<String> keywords,
    Set<Status> statuses,
    Set<PropertyType> types,
    List<String> subtypes,
    List<String> subTypeTexts,
    List<String> agents,
    List<String> coListAgents,
    List<String> salesAgents,
    List<String> brokers,
    List<String> specialListingConditions,
    List<String> ownerships,
    Range<Double> price,
    Range<Long> area,
    Range<Double> baths,
    Range<Long> beds,
    Optional<Long> maxDaysOnMarket,
    Range<Instant> listDate,
    Range<Long> yearBuilt,
    Range<Double> acres,
    Range<Double> garageSpaces,
    List<String> postalCodes,
    List<String> cities,
    List<String> states,
    List<String> counties,
    List<String> neighborhoods,
    List<String> features,
    List<String> exteriorFeatures,
    List<String> water,
    Optional<GeoPolygon> polygon,
    IdxRule idx) {}
