package io.keybox.schema.listing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.JsonPaths;
import io.keybox.schema.RecordIds;
import io.keybox.schema.shape.InvalidRecordException;
import io.keybox.schema.shape.ShapeNormalizer;
import java.util.List;
import java.util.OptionalLong;

/**
 * One listing in canonical form: the full {@link ListingShape#LISTING} tree with every key present,
 * values typed and normalised. Made from a feed record by {@link #parse}; immutable once made.
 */
public final class ListingRecord {
  /** Ids are kept below 2^53 so JavaScript clients read them exactly ({@link RecordIds#MAX_ID}). */
  public static final long MAX_ID = RecordIds.MAX_ID;

  private final ObjectNode tree;

  private ListingRecord(ObjectNode tree) {
    this.tree = tree;
  }

  /**
   * Validates and normalises a feed record (native format: the Listing shape, any subset of keys).
   *
   * @throws InvalidRecordException when a value has the wrong type or range, the listingId is
   *     missing, or a given mlsId is outside 1..2^53-1
   */
  public static ListingRecord parse(JsonNode raw) throws InvalidRecordException {
    ObjectNode tree = ShapeNormalizer.normalize(ListingShape.LISTING, raw);
    RecordIds.requireText(tree, "listingId");
    RecordIds.checkOptionalWhole(tree, "mlsId");
    // The raw status text is worth keeping when the feed gave no statusText of its own.
    ObjectNode mls = (ObjectNode) tree.get("mls");
    JsonNode rawStatus = raw.path("mls").path("status");
    if (mls.get("statusText").isNull() && rawStatus.isTextual()) {
      mls.put("statusText", rawStatus.asText());
    }
    JsonNode statusText = mls.get("statusText");
    if (mls.get("status").isNull() && statusText.isTextual()) {
      // Every search filters on status, so a listing without one is found only by its mlsId:
      // the MLS's own status text names it often enough ("Closed Sale").
      Status.parse(statusText.asText()).ifPresent(status -> mls.put("status", status.name()));
    }
    return new ListingRecord(tree);
  }

  /** The MLS number. */
  public String listingId() {
    return tree.get("listingId").asText();
  }

  /** The id the feed carried, if any. */
  public OptionalLong mlsId() {
    return JsonPaths.wholeIfAny(tree, "mlsId");
  }

  /** The normalised status, or null when the feed gave none. */
  public Status status() {
    String status = JsonPaths.text(tree, "mls", "status");
    return status == null ? null : Status.valueOf(status);
  }

  /** A copy of this record carrying {@code mlsId}. */
  public ListingRecord withMlsId(long mlsId) {
    if (mlsId < 1 || mlsId > MAX_ID) {
      throw new IllegalArgumentException("mlsId must be 1.." + MAX_ID + " (got: " + mlsId + ")");
    }
    // Only the top level changes, and nested nodes are never modified after parsing, so a shallow
    // copy keeps both records immutable without copying the whole tree for every listing.
    ObjectNode copy = tree.objectNode();
    copy.setAll(tree);
    copy.put("mlsId", mlsId);
    return new ListingRecord(copy);
  }

  /**
   * This listing with {@code photos} as its photo list (URLs, or mirrored photos' references,
   * {@link PhotoUrls#ref}), in the place the list had, or at the end when it had none.
   */
  public ListingRecord withPhotos(List<String> photos) {
    ObjectNode copy = tree.objectNode();
    copy.setAll(tree);
    ArrayNode list = copy.putArray("photos");
    photos.forEach(list::add);
    return new ListingRecord(copy);
  }

  /** The canonical tree; callers must not modify it. */
  public JsonNode tree() {
    return tree;
  }
}
