package io.keybox.indexer.reso;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoOpenHouseFields;
import java.util.List;

/**
 * The RESO OpenHouse → Open house mapping (docs/reso-mapping.md). The open house names its listing
 * by {@code ListingKey} (RESO's foreign key, {@link #listingKey}), which the indexer joins with the
 * ListingKey of a listing, and by {@code ListingId}, else ListingKey, as its {@code listingId}
 * reference (a RESO listing's {@code listingId} is its ListingId, else its ListingKey); {@code
 * openHouseId} is {@code OpenHouseId}, else {@code OpenHouseKey}. Its identity, which keeps its
 * openHouseKey stable, is OpenHouseKey when present ({@link #identity}): OpenHouseId is the MLS's
 * display id and may repeat.
 */
public final class ResoOpenHouseMapping {
  /** The field table: RESO field, Keybox path, conversion ({@link ResoOpenHouseFields}). */
  public static final List<ResoField> FIELDS = ResoOpenHouseFields.FIELDS;

  private ResoOpenHouseMapping() {}

  /** The identity of a RESO open house: its OpenHouseKey, else its OpenHouseId; null if neither. */
  public static String identity(JsonNode reso) {
    String key = ResoTables.text(reso, "OpenHouseKey");
    return key != null && !key.isBlank() ? key.strip() : blankToNull(reso, "OpenHouseId");
  }

  /** The ListingKey a RESO open house names its listing by, or null. */
  public static String listingKey(JsonNode reso) {
    return blankToNull(reso, "ListingKey");
  }

  private static String blankToNull(JsonNode reso, String field) {
    String value = ResoTables.text(reso, field);
    return value == null || value.isBlank() ? null : value.strip();
  }

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
