package io.keybox.schema.openhouse;

import io.keybox.schema.RecordKind;
import io.keybox.schema.listing.ListingFields;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;

/**
 * Open house queries that are not a single field's. Conditions on the listing are made on {@link
 * io.keybox.schema.listing.ListingFields}, conditions on the open house on {@link OpenHouseFields}.
 */
public final class OpenHouseQueries {
  private OpenHouseQueries() {}

  /** Every open house. */
  public static Query allOpenHouses() {
    return RecordKind.OPEN_HOUSE.query();
  }

  /**
   * The open houses of the listing whose mlsId is {@code mlsId} (each open house carries its
   * listing's fields).
   */
  public static Query ofListing(long mlsId) {
    return new BooleanQuery.Builder()
        .add(allOpenHouses(), Occur.FILTER)
        .add(ListingFields.MLS_ID.exact(mlsId), Occur.FILTER)
        .build();
  }

  /** The open house whose key is {@code openHouseKey}. */
  public static Query byKey(long openHouseKey) {
    return new BooleanQuery.Builder()
        .add(allOpenHouses(), Occur.FILTER)
        .add(OpenHouseFields.OPEN_HOUSE_KEY.exact(openHouseKey), Occur.FILTER)
        .build();
  }
}
