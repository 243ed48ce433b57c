package io.keybox.schema.reso;

import static io.keybox.schema.reso.ResoField.Conversion.COPY;
import static io.keybox.schema.reso.ResoField.Conversion.DERIVED;
import static io.keybox.schema.reso.ResoType.LOOKUP;
import static io.keybox.schema.reso.ResoType.STRING;
import static io.keybox.schema.reso.ResoType.TIMESTAMP;

import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.openhouse.OpenHouseFields;
import java.util.List;

/**
 * The RESO OpenHouse ↔ Open house field table (docs/reso-mapping.md, row for row), read by the
 * indexer's mapping and, inverted, by the server's RESO view. An open house carries its listing's
 * fields, so its ListingKey (Keybox's mlsId of the listing) filters through the listing's field.
 */
public final class ResoOpenHouseFields {
  private ResoOpenHouseFields() {}

  /** The rows: RESO field, Open house path, conversion, Data Dictionary type. */
  public static final List<ResoField> FIELDS =
      List.of(
          ResoField.of("OpenHouseId", "openHouseId", DERIVED, STRING).inverted(),
          ResoField.of("OpenHouseStartTime", "startTime", COPY, TIMESTAMP)
              .indexedAs(OpenHouseFields.START_TIME),
          ResoField.of("OpenHouseEndTime", "endTime", COPY, TIMESTAMP),
          ResoField.of("OpenHouseType", "type", COPY, LOOKUP),
          ResoField.of("OpenHouseRemarks", "description", COPY, STRING),
          ResoField.of("Refreshments", "refreshments", COPY, STRING),
          ResoField.of("ListingId", "listing.listingId", DERIVED, STRING).inverted(),
          ResoField.of("ListingKey", "listing.mlsId", DERIVED, STRING)
              .inverted()
              .indexedAs(ListingFields.MLS_ID),
          ResoField.of("OpenHouseKey", "openHouseKey", DERIVED, STRING));
}
