package io.keybox.server.search;

import io.keybox.server.search.exec.ValueCount;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The ListingsAnalytics of API.md §9 over every match of a listing search. Each mean is over the
 * matches that have the field, empty when none has; distributions list the values held by at least
 * one match, most frequent first.
 *
 * @param totalCount the number of matches
 * @param avgPrice mean {@code listPrice}
 * @param avgLivingArea mean {@code property.area}
 * @param avgBedrooms mean {@code property.bedrooms}
 * @param avgFullBaths mean {@code property.bathsFull}
 * @param avgLotSize mean {@code property.lotSizeArea}
 * @param avgYearBuilt mean {@code property.yearBuilt}
 * @param areaDistribution matches per MLS area ({@code mls.area})
 * @param minPrice lowest {@code listPrice}
 * @param maxPrice highest {@code listPrice}
 * @param medianPrice median {@code listPrice} (the mean of the two middle prices of an even count)
 * @param avgPricePerSqFt mean of listPrice ÷ area over the matches that have both
 * @param avgDaysOnMarket mean {@code mls.daysOnMarket}
 * @param statusDistribution matches per status
 * @param typeDistribution matches per type code
 * @param cityDistribution matches per city
 * @param priceHistogram matches per price bucket (see {@link HistogramBucket#of})
 */
public record MarketStats(
    long totalCount,
    OptionalDouble avgPrice,
    OptionalDouble avgLivingArea,
    OptionalDouble avgBedrooms,
    OptionalDouble avgFullBaths,
    OptionalDouble avgLotSize,
    OptionalDouble avgYearBuilt,
    List<ValueCount> areaDistribution,
    OptionalDouble minPrice,
    OptionalDouble maxPrice,
    OptionalDouble medianPrice,
    OptionalDouble avgPricePerSqFt,
    OptionalDouble avgDaysOnMarket,
    List<ValueCount> statusDistribution,
    List<ValueCount> typeDistribution,
    List<ValueCount> cityDistribution,
    List<HistogramBucket> priceHistogram) {}
