package io.keybox.server.http.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.server.search.HistogramBucket;
import io.keybox.server.search.ListingStats;
import io.keybox.server.search.MarketStats;
import io.keybox.server.search.exec.ValueCount;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The JSON of ListingsAnalytics and ListingAnalytics (API.md §9): every key always present, a
 * missing value {@code null}. Numbers are rounded half-up to two decimals (cents, hundredths of a
 * bedroom; more digits are noise), and whole numbers print without a fraction. The required keys
 * come first, the Keybox extensions after them.
 */
final class AnalyticsJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final double MAX_EXACT = 9007199254740992d; // 2^53

  private AnalyticsJson() {}

  /** The ListingsAnalytics object of {@code stats}. */
  static ObjectNode market(MarketStats stats) {
    ObjectNode json = NODES.objectNode();
    json.put("totalCount", stats.totalCount());
    number(json, "avgPrice", stats.avgPrice());
    number(json, "avgLivingArea", stats.avgLivingArea());
    number(json, "avgBedrooms", stats.avgBedrooms());
    number(json, "avgFullBaths", stats.avgFullBaths());
    number(json, "avgLotSize", stats.avgLotSize());
    number(json, "avgYearBuilt", stats.avgYearBuilt());
    json.set("areaDistribution", distribution(stats.areaDistribution()));
    number(json, "minPrice", stats.minPrice());
    number(json, "maxPrice", stats.maxPrice());
    number(json, "medianPrice", stats.medianPrice());
    number(json, "avgPricePerSqFt", stats.avgPricePerSqFt());
    number(json, "avgDaysOnMarket", stats.avgDaysOnMarket());
    json.set("statusDistribution", distribution(stats.statusDistribution()));
    json.set("typeDistribution", distribution(stats.typeDistribution()));
    json.set("cityDistribution", distribution(stats.cityDistribution()));
    ArrayNode histogram = json.putArray("priceHistogram");
    for (HistogramBucket bucket : stats.priceHistogram()) {
      ObjectNode item = histogram.addObject();
      number(item, "from", OptionalDouble.of(bucket.from()));
      number(item, "to", OptionalDouble.of(bucket.to()));
      item.put("count", bucket.count());
    }
    return json;
  }

  /** The ListingAnalytics object of {@code stats}. */
  static ObjectNode listing(ListingStats stats) {
    ObjectNode json = NODES.objectNode();
    number(json, "pricePerSqFt", stats.pricePerSqFt());
    ListingStats.Comparison comparison = stats.comparison();
    ObjectNode block = json.putObject("comparison");
    block.put("status", comparison.status());
    text(block, "area", comparison.area());
    text(block, "type", comparison.type());
    block.put("count", comparison.count());
    number(block, "medianPrice", comparison.medianPrice());
    number(block, "medianPricePerSqFt", comparison.medianPricePerSqFt());
    number(block, "pricePerSqFtPercentile", comparison.pricePerSqFtPercentile());
    return json;
  }

  /** value → count, most frequent first (JSON objects keep their insertion order here). */
  private static ObjectNode distribution(List<ValueCount> counts) {
    ObjectNode json = NODES.objectNode();
    for (ValueCount count : counts) {
      json.put(count.value(), count.count());
    }
    return json;
  }

  private static void number(ObjectNode json, String key, OptionalDouble value) {
    if (value.isEmpty()) {
      json.putNull(key);
      return;
    }
    double v = value.getAsDouble();
    if (!Double.isFinite(v) || Math.abs(v) >= MAX_EXACT) {
      json.put(key, v);
      return;
    }
    BigDecimal rounded = BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP);
    if (rounded.signum() == 0 || rounded.stripTrailingZeros().scale() <= 0) {
      json.put(key, rounded.longValue()); // "20714261", not "2.0714261E7" or "20714261.00"
    } else {
      json.put(key, rounded.stripTrailingZeros());
    }
  }

  private static void text(ObjectNode json, String key, Optional<String> value) {
    if (value.isPresent()) {
      json.put(key, value.get());
    } else {
      json.putNull(key);
    }
  }
}
