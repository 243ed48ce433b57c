package io.keybox.server.query;

import io.keybox.schema.field.DoubleValueField;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.server.query.GeoPolygon.Vertex;
import java.time.Instant;
import java.util.List;
import org.apache.lucene.geo.Polygon;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;

/**
 * Turns a {@link ListingFilter} into one Lucene query: every condition a FILTER clause (no
 * scoring), each made by the schema's field definitions.
 */
public final class ListingQueryBuilder {
  private ListingQueryBuilder() {}

  /** The query matching exactly the listings {@code filter} admits. */
  public static Query build(ListingFilter filter) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(ListingQueries.allListings(), Occur.FILTER);
    if (!filter.keywords().isEmpty()) {
      BooleanQuery.Builder anyValue = new BooleanQuery.Builder();
      filter
          .keywords()
          .forEach(q -> anyValue.add(ListingFields.KEYWORDS.matchAllWords(q), Occur.SHOULD));
      query.add(anyValue.build(), Occur.FILTER);
    }
    query.add(ListingQueries.statusIn(filter.statuses()), Occur.FILTER);
    query.add(ListingQueries.typeIn(filter.types()), Occur.FILTER);
    anyOf(query, ListingFields.SUBTYPE, filter.subtypes());
    anyOf(query, ListingFields.SUBTYPE_TEXT, filter.subTypeTexts());
    anyOf(query, ListingFields.AGENT, filter.agents());
    anyOf(query, ListingFields.CO_AGENT, filter.coListAgents());
    anyOf(query, ListingFields.SALES_AGENT, filter.salesAgents());
    anyOf(query, ListingFields.BROKER, filter.brokers());
    anyOf(query, ListingFields.SPECIAL_LISTING_CONDITIONS, filter.specialListingConditions());
    anyOf(query, ListingFields.OWNERSHIP, filter.ownerships());
    range(query, ListingFields.LIST_PRICE, filter.price());
    range(query, ListingFields.AREA, filter.area());
    range(query, ListingFields.BATHS, filter.baths());
    range(query, ListingFields.BEDS, filter.beds());
    filter
        .maxDaysOnMarket()
        .ifPresent(max -> query.add(ListingFields.DAYS_ON_MARKET.range(null, max), Occur.FILTER));
    Range<Instant> listDate = filter.listDate();
    if (!listDate.isOpen()) {
      query.add(
          ListingFields.LIST_DATE.range(
              listDate.min() == null ? null : epochMillisAtOrAfter(listDate.min()),
              listDate.max() == null ? null : listDate.max().toEpochMilli()),
          Occur.FILTER);
    }
    range(query, ListingFields.YEAR_BUILT, filter.yearBuilt());
    range(query, ListingFields.ACRES, filter.acres());
    range(query, ListingFields.GARAGE_SPACES, filter.garageSpaces());
    anyOf(query, ListingFields.POSTAL_CODE, filter.postalCodes());
    anyOf(query, ListingFields.CITY, filter.cities());
    anyOf(query, ListingFields.STATE, filter.states());
    anyOf(query, ListingFields.COUNTY, filter.counties());
    anyOf(query, ListingFields.SUBDIVISION, filter.neighborhoods());
    if (!filter.features().isEmpty()) {
      query.add(ListingFields.FEATURES.allOf(filter.features()), Occur.FILTER);
    }
    if (!filter.exteriorFeatures().isEmpty()) {
      query.add(ListingFields.EXTERIOR_FEATURES.allOf(filter.exteriorFeatures()), Occur.FILTER);
    }
    if (!filter.water().isEmpty()) {
      query.add(ListingQueries.water(filter.water()), Occur.FILTER);
    }
    filter.polygon().ifPresent(p -> query.add(ListingFields.GEO.within(toLucene(p)), Occur.FILTER));
    filter.idx().filter().ifPresent(idx -> query.add(idx, Occur.FILTER));
    return query.build();
  }

  private static void anyOf(BooleanQuery.Builder query, KeywordField field, List<String> values) {
    if (!values.isEmpty()) {
      query.add(field.anyOf(values), Occur.FILTER);
    }
  }

  private static void range(BooleanQuery.Builder query, LongValueField field, Range<Long> range) {
    if (!range.isOpen()) {
      query.add(field.range(range.min(), range.max()), Occur.FILTER);
    }
  }

  private static void range(
      BooleanQuery.Builder query, DoubleValueField field, Range<Double> range) {
    if (!range.isOpen()) {
      query.add(field.range(range.min(), range.max()), Occur.FILTER);
    }
  }

  /**
   * The first epoch millisecond at or after {@code instant}. The index holds milliseconds; {@link
   * Instant#toEpochMilli} rounds down, which for a lower bound between two milliseconds would admit
   * the millisecond before it.
   */
  static long epochMillisAtOrAfter(Instant instant) {
    long millis = instant.toEpochMilli();
    return instant.getNano() % 1_000_000 == 0 ? millis : millis + 1;
  }

  private static Polygon toLucene(GeoPolygon polygon) {
    List<Vertex> ring = polygon.ring();
    double[] lats = new double[ring.size() + 1];
    double[] lngs = new double[ring.size() + 1];
    for (int i = 0; i <= ring.size(); i++) {
      Vertex v = ring.get(i % ring.size());
      lats[i] = v.lat();
      lngs[i] = v.lng();
    }
    return new Polygon(lats, lngs);
  }
}
