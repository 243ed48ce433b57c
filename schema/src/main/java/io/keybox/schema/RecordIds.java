package io.keybox.schema;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.shape.InvalidRecordException;

/**
 * The checks every record kind makes of its ids as a feed gives them: a required text id (the MLS
 * number, the open house's or the agent's id) and an optional whole-number id (the mlsId, the open
 * house key) that clients must read exactly.
 */
public final class RecordIds {
  /** Ids are kept below 2^53 so JavaScript clients read them exactly. */
  public static final long MAX_ID = (1L << 53) - 1;

  private RecordIds() {}

  /**
   * The text id at {@code key} of a normalised {@code tree}, stripped there too.
   *
   * @throws InvalidRecordException when it is missing or blank, or holds control characters
   */
  public static String requireText(ObjectNode tree, String key) throws InvalidRecordException {
    String id = JsonPaths.text(tree, key);
    if (id == null || id.isBlank()) {
      throw new InvalidRecordException(key, "required");
    }
    if (id.chars().anyMatch(Character::isISOControl)) {
      throw new InvalidRecordException(key, "must not contain control characters");
    }
    String stripped = id.strip();
    tree.put(key, stripped);
    return stripped;
  }

  /**
   * Checks the whole-number id at {@code key} of a normalised {@code tree}, when there is one.
   *
   * @throws InvalidRecordException when it is outside 1..{@link #MAX_ID}
   */
  public static void checkOptionalWhole(ObjectNode tree, String key) throws InvalidRecordException {
    Long id = JsonPaths.whole(tree, key);
    if (id != null) {
      checkRange(key, id);
    }
  }

  /**
   * Checks a whole-number id found at {@code path}.
   *
   * @throws InvalidRecordException when it is outside 1..{@link #MAX_ID}
   */
  public static void checkRange(String path, long id) throws InvalidRecordException {
    if (id < 1 || id > MAX_ID) {
      throw new InvalidRecordException(path, "must be 1.." + MAX_ID + " (got: " + id + ")");
    }
  }
}
