package io.keybox.server.query;

import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.schema.openhouse.OpenHouseQueries;
import java.util.List;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;

/**
 * Turns an {@link OpenHouseFilter} into one Lucene query: the listing conditions are made on the
 * schema's listing fields, which every open house document holds for its listing; the start time on
 * the open house's own field.
 */
public final class OpenHouseQueryBuilder {
  private OpenHouseQueryBuilder() {}

  /** The query matching exactly the open houses {@code filter} admits. */
  public static Query build(OpenHouseFilter filter) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(OpenHouseQueries.allOpenHouses(), Occur.FILTER);
    query.add(ListingQueries.typeIn(filter.types()), Occur.FILTER);
    anyOf(query, ListingFields.LISTING_ID, filter.listingIds());
    anyOf(query, ListingFields.CITY, filter.cities());
    anyOf(query, ListingFields.BROKER, filter.brokers());
    filter.agent().ifPresent(agent -> query.add(ListingFields.AGENT.is(agent), Occur.FILTER));
    if (!filter.price().isOpen()) {
      query.add(
          ListingFields.LIST_PRICE.range(filter.price().min(), filter.price().max()), Occur.FILTER);
    }
    filter.minArea().ifPresent(min -> query.add(ListingFields.AREA.range(min, null), Occur.FILTER));
    filter.minBeds().ifPresent(min -> query.add(ListingFields.BEDS.range(min, null), Occur.FILTER));
    filter
        .minBaths()
        .ifPresent(min -> query.add(ListingFields.BATHS.range(min, null), Occur.FILTER));
    filter
        .startFrom()
        .ifPresent(
            start ->
                query.add(
                    OpenHouseFields.START_TIME.range(start.toEpochMilli(), null), Occur.FILTER));
    filter.idx().filter().ifPresent(idx -> query.add(idx, Occur.FILTER));
    return query.build();
  }

  private static void anyOf(BooleanQuery.Builder query, KeywordField field, List<String> values) {
    if (!values.isEmpty()) {
      query.add(field.anyOf(values), Occur.FILTER);
    }
  }
}
