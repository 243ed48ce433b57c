package io.keybox.schema.openhouse;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.RecordIds;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.shape.InvalidRecordException;
import io.keybox.schema.shape.LeafTypes;
import java.util.Iterator;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The {@code listing} of an open house as a feed gives it (OPERATIONS.md §3): a reference to a
 * listing of the same dump by {@code mlsId} and/or {@code listingId}, or a full Listing.
 */
public sealed interface ListingLink {
  /** A reference; at least one of the two is present. */
  record Reference(OptionalLong mlsId, Optional<String> listingId) implements ListingLink {}

  /** A full listing, validated. */
  record Embedded(ListingRecord listing) implements ListingLink {}

  /** The only keys a reference may have; any other key makes the object a full Listing. */
  Set<String> REFERENCE_KEYS = Set.of("mlsId", "listingId");

  /**
   * The link of the feed value {@code raw} (the open house's {@code listing}).
   *
   * @throws InvalidRecordException naming {@code listing} or the bad path inside it
   */
  static ListingLink parse(JsonNode raw) throws InvalidRecordException {
    if (raw == null || !raw.isObject()) {
      throw new InvalidRecordException(
          "listing", "required: a Listing, {\"mlsId\": ...} or {\"listingId\": \"...\"}");
    }
    for (Iterator<String> keys = raw.fieldNames(); keys.hasNext(); ) {
      if (!REFERENCE_KEYS.contains(keys.next())) {
        try {
          return new Embedded(ListingRecord.parse(raw));
        } catch (InvalidRecordException e) {
          throw new InvalidRecordException("listing." + e.path(), e.reason());
        }
      }
    }
    OptionalLong mlsId = OptionalLong.empty();
    Optional<String> listingId = Optional.empty();
    try {
      JsonNode id = LeafTypes.INTEGER.coerce(raw.get("mlsId"));
      if (!id.isNull()) {
        RecordIds.checkRange("listing.mlsId", id.asLong());
        mlsId = OptionalLong.of(id.asLong());
      }
    } catch (IllegalArgumentException e) {
      throw new InvalidRecordException("listing.mlsId", e.getMessage());
    }
    JsonNode text = raw.get("listingId");
    if (text != null && text.isValueNode() && !text.isNull() && !text.asText().isBlank()) {
      listingId = Optional.of(text.asText().strip());
    }
    if (mlsId.isEmpty() && listingId.isEmpty()) {
      throw new InvalidRecordException("listing", "a reference needs an mlsId or a listingId");
    }
    return new Reference(mlsId, listingId);
  }
}
