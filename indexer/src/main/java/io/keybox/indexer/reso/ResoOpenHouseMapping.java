package io.keybox.indexer.reso;

import static io.keybox.indexer.reso.ResoField.Conversion.COPY;
import static io.keybox.indexer.reso.ResoField.Conversion.DERIVED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The RESO OpenHouse → Open house mapping (docs/reso-mapping.md). The open house names its listing
 * by {@code ListingId}, else {@code ListingKey}, which the indexer joins with the listings of the
 * same run (a RESO listing's {@code listingId} is its ListingId, else its ListingKey); {@code
 * openHouseId} is {@code OpenHouseId}, else {@code OpenHouseKey}.
 */
public final class ResoOpenHouseMapping {
  /** The field table: RESO field, Open house path, conversion. */
  public static final List<ResoField> FIELDS =
      List.of(
          new ResoField("OpenHouseId", "openHouseId", DERIVED),
          new ResoField("OpenHouseStartTime", "startTime", COPY),
          new ResoField("OpenHouseEndTime", "endTime", COPY),
          new ResoField("OpenHouseType", "type", COPY),
          new ResoField("OpenHouseRemarks", "description", COPY),
          new ResoField("Refreshments", "refreshments", COPY),
          new ResoField("ListingId", "listing.listingId", DERIVED));

  private ResoOpenHouseMapping() {}

  /** The open house (native shape, before validation) of a RESO OpenHouse record. */
  public static ObjectNode toOpenHouse(JsonNode reso) {
    ObjectNode openHouse = ResoTables.apply(FIELDS, reso);
    String id = ResoTables.text(reso, "OpenHouseId");
    if (id == null) {
      id = ResoTables.text(reso, "OpenHouseKey");
    }
    if (id != null) {
      openHouse.put("openHouseId", id);
    }
    String listing = ResoTables.text(reso, "ListingId");
    if (listing == null) {
      listing = ResoTables.text(reso, "ListingKey");
    }
    if (listing != null) {
      openHouse.putObject("listing").put("listingId", listing);
    }
    return openHouse;
  }
}
