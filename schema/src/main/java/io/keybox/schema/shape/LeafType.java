package io.keybox.schema.shape;

import com.fasterxml.jackson.databind.JsonNode;

/** How one leaf value of a shape is coerced from a feed value into its canonical JSON form. */
@FunctionalInterface
public interface LeafType {
  /**
   * The canonical form of {@code raw} ({@code NullNode} when absent or null).
   *
   * @param raw the feed value; null or a {@code MissingNode}/{@code NullNode} when absent
   * @throws IllegalArgumentException with a short reason (without the path) when the value is bad
   */
  JsonNode coerce(JsonNode raw);
}
