package io.keybox.schema.openhouse;

import static io.keybox.schema.shape.LeafTypes.DATETIME;
import static io.keybox.schema.shape.LeafTypes.INTEGER;
import static io.keybox.schema.shape.LeafTypes.STRING;
import static io.keybox.schema.shape.Shape.leaf;
import static io.keybox.schema.shape.Shape.object;

import io.keybox.schema.shape.Shape;

/**
 * The Open house of API.md §5 without its {@code listing}, which is written last, after these
 * members, from the listing's own stored source (see {@link OpenHouseSource}).
 */
public final class OpenHouseShape {
  private OpenHouseShape() {}

  /** The open house's own members, in response order. */
  public static final Shape.Obj OPEN_HOUSE =
      object(
          "openHouse",
          leaf("openHouseKey", INTEGER),
          leaf("openHouseId", STRING),
          leaf("startTime", DATETIME),
          leaf("endTime", DATETIME),
          leaf("type", STRING),
          leaf("description", STRING),
          leaf("refreshments", STRING));
}
