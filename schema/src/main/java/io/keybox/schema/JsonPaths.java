package io.keybox.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/** Reading typed values out of canonical record trees by path; absent or null reads as null. */
public final class JsonPaths {
  private JsonPaths() {}

  /** The node at {@code path}, or null when any step is absent or null. */
  public static JsonNode at(JsonNode root, String... path) {
    JsonNode node = root;
    for (String step : path) {
      if (node == null || !node.isObject()) {
        return null;
      }
      node = node.get(step);
    }
    return node == null || node.isNull() || node.isMissingNode() ? null : node;
  }

  /** The text at {@code path}, or null. */
  public static String text(JsonNode root, String... path) {
    JsonNode node = at(root, path);
    return node == null ? null : node.asText();
  }

  /** The text at {@code path} as a collection of zero or one value. */
  public static Collection<String> texts(JsonNode root, String... path) {
    String value = text(root, path);
    return value == null ? List.of() : List.of(value);
  }

  /** The items of the comma-separated list at {@code path}. */
  public static Collection<String> commaList(JsonNode root, String... path) {
    String value = text(root, path);
    List<String> items = new ArrayList<>();
    if (value != null) {
      for (String item : value.split(",")) {
        items.add(item);
      }
    }
    return items;
  }

  /** The whole number at {@code path}, or null. */
  public static Long whole(JsonNode root, String... path) {
    JsonNode node = at(root, path);
    return node == null || !node.isNumber() ? null : node.asLong();
  }

  /** The whole number at {@code path}, if there is one. */
  public static OptionalLong wholeIfAny(JsonNode root, String... path) {
    Long value = whole(root, path);
    return value == null ? OptionalLong.empty() : OptionalLong.of(value);
  }

  /** The number at {@code path}, or null. */
  public static Double number(JsonNode root, String... path) {
    JsonNode node = at(root, path);
    return node == null || !node.isNumber() ? null : node.asDouble();
  }

  /** The boolean at {@code path}, or null. */
  public static Boolean flag(JsonNode root, String... path) {
    JsonNode node = at(root, path);
    return node == null || !node.isBoolean() ? null : node.asBoolean();
  }

  /** The canonical date-time at {@code path} as epoch milliseconds, or null. */
  public static Long epochMillis(JsonNode root, String... path) {
    String value = text(root, path);
    return value == null ? null : Instant.parse(value).toEpochMilli();
  }
}
