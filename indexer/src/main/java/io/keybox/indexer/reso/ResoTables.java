package io.keybox.indexer.reso;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.reso.ResoField;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Applying a table of {@link ResoField}s to a RESO record; the derived rows are left to the caller.
 */
final class ResoTables {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ResoTables() {}

  /**
   * A new object holding every non-derived row of {@code table} that {@code reso} has a value for.
   */
  static ObjectNode apply(List<ResoField> table, JsonNode reso) {
    ObjectNode out = NODES.objectNode();
    for (ResoField field : table) {
      JsonNode value = reso.get(field.reso());
      if (value == null
          || value.isNull()
          || field.conversion() == ResoField.Conversion.DERIVED
          || (value.isArray() && value.isEmpty())) {
        continue; // an empty list holds no value, as an absent one (RESO servers send both)
      }
      put(out, field.listingPath(), convert(value, field.conversion()));
    }
    return out;
  }

  static JsonNode convert(JsonNode value, ResoField.Conversion conversion) {
    return switch (conversion) {
      case JOIN -> value.isArray() ? NODES.textNode(join(value)) : value;
      case FLAG ->
          value.isBoolean()
              ? value
              : switch (value.asText().strip().toLowerCase(Locale.ROOT)) {
                case "y", "yes", "true" -> NODES.booleanNode(true);
                case "n", "no", "false" -> NODES.booleanNode(false);
                default -> value; // left for validation to reject
              };
      case DATE ->
          value.isTextual() && value.asText().strip().length() == 10
              ? NODES.textNode(value.asText().strip() + "T00:00:00Z")
              : value;
      case COPY, DERIVED -> value.isTextual() ? NODES.textNode(value.asText().strip()) : value;
    };
  }

  /** The items of a RESO list joined with ", ". */
  static String join(JsonNode list) {
    StringJoiner joined = new StringJoiner(", ");
    list.forEach(item -> joined.add(item.asText().strip()));
    return joined.toString();
  }

  /** The text of a scalar member, or null. */
  static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() || !value.isValueNode() ? null : value.asText();
  }

  /** Sets {@code value} at the dotted {@code path}, creating objects on the way. */
  static void put(ObjectNode root, String path, JsonNode value) {
    String[] steps = path.split("\\.");
    ObjectNode node = root;
    for (int i = 0; i < steps.length - 1; i++) {
      JsonNode next = node.get(steps[i]);
      node = next instanceof ObjectNode object ? object : node.putObject(steps[i]);
    }
    node.set(steps[steps.length - 1], value);
  }
}
