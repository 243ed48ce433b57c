package io.keybox.schema.openhouse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.JsonPaths;
import io.keybox.schema.RecordIds;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.shape.InvalidRecordException;
import io.keybox.schema.shape.ShapeNormalizer;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One open house in canonical form: its own members ({@link OpenHouseShape#OPEN_HOUSE}, every key
 * present) and the link to its listing, which the indexer resolves against the dump's listings.
 * Immutable once made.
 */
public final class OpenHouseRecord {
  private final ObjectNode tree;
  private final ListingLink link;

  private OpenHouseRecord(ObjectNode tree, ListingLink link) {
    this.tree = tree;
    this.link = link;
  }

  /**
   * Validates and normalises a feed record (native format: the Open house shape).
   *
   * @throws InvalidRecordException when a value has the wrong type or range, the openHouseId or the
   *     listing is missing, or a given openHouseKey is outside 1..2^53-1
   */
  public static OpenHouseRecord parse(JsonNode raw) throws InvalidRecordException {
    ObjectNode tree = ShapeNormalizer.normalize(OpenHouseShape.OPEN_HOUSE, raw);
    RecordIds.requireText(tree, "openHouseId");
    RecordIds.checkOptionalWhole(tree, "openHouseKey");
    return new OpenHouseRecord(tree, ListingLink.parse(raw.get("listing")));
  }

  /**
   * The open house whose canonical members (key included) were stored with its listing, {@code
   * mlsId}: the way back from the index to a record, to join it with a new version of the listing.
   */
  static OpenHouseRecord stored(ObjectNode canonical, long mlsId) {
    return new OpenHouseRecord(
        canonical, new ListingLink.Reference(OptionalLong.of(mlsId), Optional.empty()));
  }

  /** The MLS id of the open house. */
  public String openHouseId() {
    return tree.get("openHouseId").asText();
  }

  /** The key the feed carried (or the one assigned, after {@link #withKey}), if any. */
  public OptionalLong openHouseKey() {
    return JsonPaths.wholeIfAny(tree, "openHouseKey");
  }

  /** How the feed named the listing. */
  public ListingLink link() {
    return link;
  }

  /** A copy of this record carrying {@code key}. */
  public OpenHouseRecord withKey(long key) {
    if (key < 1 || key > ListingRecord.MAX_ID) {
      throw new IllegalArgumentException(
          "openHouseKey must be 1.." + ListingRecord.MAX_ID + " (got: " + key + ")");
    }
    ObjectNode copy = tree.deepCopy();
    copy.put("openHouseKey", key);
    return new OpenHouseRecord(copy, link);
  }

  /** The canonical tree of the open house's own members; callers must not modify it. */
  public JsonNode tree() {
    return tree;
  }
}
