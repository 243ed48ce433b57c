package io.keybox.schema.shape;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Turns a feed record into the canonical tree of a {@link Shape.Obj}: every declared key present in
 * order, absent values null, leaves coerced by their types, undeclared keys dropped.
 */
public final class ShapeNormalizer {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ShapeNormalizer() {}

  /**
   * The canonical tree of {@code raw} under {@code shape}.
   *
   * @throws InvalidRecordException naming the path of the first bad value
   */
  public static ObjectNode normalize(Shape.Obj shape, JsonNode raw) throws InvalidRecordException {
    if (raw == null || !raw.isObject()) {
      throw new InvalidRecordException("$", "expected a JSON object");
    }
    return object(shape, raw, "");
  }

  private static ObjectNode object(Shape.Obj shape, JsonNode raw, String prefix)
      throws InvalidRecordException {
    ObjectNode out = NODES.objectNode();
    for (Shape member : shape.members()) {
      out.set(member.key(), value(member, raw.get(member.key()), prefix));
    }
    return out;
  }

  /**
   * The canonical value of {@code member}; {@code prefix} is the path of its parent. The member's
   * own path is spelled out only for an error or a nested object: most values are leaves that
   * coerce without error, and a string per leaf is garbage on the indexer's hottest path.
   */
  private static JsonNode value(Shape member, JsonNode raw, String prefix)
      throws InvalidRecordException {
    switch (member) {
      case Shape.Leaf leaf -> {
        try {
          return leaf.type().coerce(raw);
        } catch (IllegalArgumentException e) {
          throw new InvalidRecordException(prefix + member.key(), e.getMessage());
        }
      }
      case Shape.Obj obj -> {
        boolean absent = LeafTypes.isAbsent(raw);
        String path = prefix + member.key();
        if (absent && obj.nullable()) {
          return NullNode.getInstance();
        }
        if (!absent && !raw.isObject()) {
          throw new InvalidRecordException(
              path, "expected an object, got " + LeafTypes.describe(raw));
        }
        return object(obj, absent ? NODES.objectNode() : raw, path + ".");
      }
      case Shape.ObjList list -> {
        if (LeafTypes.isAbsent(raw)) {
          return NullNode.getInstance();
        }
        String path = prefix + member.key();
        if (!raw.isArray()) {
          throw new InvalidRecordException(path, "expected a list, got " + LeafTypes.describe(raw));
        }
        ArrayNode items = NODES.arrayNode();
        int i = 0;
        for (JsonNode item : raw) {
          String itemPath = path + "[" + i++ + "]";
          if (!item.isObject()) {
            throw new InvalidRecordException(itemPath, "expected an object");
          }
          items.add(object(list.item(), item, itemPath + "."));
        }
        return items;
      }
    }
  }
}
