package io.keybox.schema.reso;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a Keybox record's value under its RESO name: the inverse of the row's conversion (a joined
 * list split at ", ", a timestamp's UTC day for a date, the vocabularies for StandardStatus and
 * PropertyType), typed as the Data Dictionary declares it. A missing value is written as null.
 */
public final class ResoValues {
  // Per field name (a String: its hash is kept), what every record of a page asks again: the
  // name as quoted UTF-8, and the dotted path split into its steps. A page of 20 listings writes
  // some 2,000 members; splitting and encoding each anew was a fifth of a RESO page's time.
  private static final Map<String, SerializedString> NAMES = new ConcurrentHashMap<>();
  private static final Map<String, String[]> STEPS = new ConcurrentHashMap<>();

  private ResoValues() {}

  /** Writes {@code field}'s RESO name and its value in {@code record}, as one JSON member. */
  public static void writeMember(JsonGenerator out, ResoField field, JsonNode record)
      throws IOException {
    out.writeFieldName(NAMES.computeIfAbsent(field.reso(), SerializedString::new));
    write(out, field, record);
  }

  /** Writes {@code field}'s value in {@code record} as the value of the current JSON member. */
  public static void write(JsonGenerator out, ResoField field, JsonNode record) throws IOException {
    JsonNode value = at(record, field.listingPath());
    if (value == null || value.isNull() || value.isMissingNode()) {
      if (field.type() == ResoType.LOOKUP_MULTI) {
        out.writeStartArray();
        out.writeEndArray();
      } else {
        out.writeNull();
      }
      return;
    }
    switch (field.type()) {
      case LOOKUP_MULTI -> {
        out.writeStartArray();
        for (String item : texts(field, record)) {
          out.writeString(item);
        }
        out.writeEndArray();
      }
      case INTEGER -> out.writeNumber(value.asLong());
      case DECIMAL -> out.writeNumber(value.decimalValue());
      case BOOLEAN -> out.writeBoolean(value.asBoolean());
      case POINT -> writePoint(out, value);
      case DAY ->
          out.writeString(
              value.asText().length() >= 10 ? value.asText().substring(0, 10) : value.asText());
      default -> out.writeString(text(field, value.asText()));
    }
  }

  /** A {@code geo} object as GeoJSON, OData's JSON for a geography point; null without both. */
  private static void writePoint(JsonGenerator out, JsonNode geo) throws IOException {
    JsonNode lat = geo.get("lat");
    JsonNode lng = geo.get("lng");
    if (lat == null || lng == null || !lat.isNumber() || !lng.isNumber()) {
      out.writeNull();
      return;
    }
    out.writeStartObject();
    out.writeStringField("type", "Point");
    out.writeArrayFieldStart("coordinates");
    out.writeNumber(lng.decimalValue()); // GeoJSON: longitude first
    out.writeNumber(lat.decimalValue());
    out.writeEndArray();
    out.writeEndObject();
  }

  /**
   * The texts {@code field}'s value in {@code record} is served as: none, one, or a list's items
   * (for the string fields and lookups, whose values the Lookup resource lists).
   */
  public static List<String> texts(ResoField field, JsonNode record) {
    JsonNode value = at(record, field.listingPath());
    if (value == null || value.isNull() || value.isMissingNode() || !value.isValueNode()) {
      return List.of();
    }
    if (field.type() == ResoType.LOOKUP_MULTI) {
      List<String> items = new ArrayList<>();
      for (String item : value.asText().split(",")) {
        if (!item.isBlank()) {
          items.add(item.strip());
        }
      }
      return items;
    }
    String text = text(field, value.asText());
    return text.isBlank() ? List.of() : List.of(text);
  }

  private static String text(ResoField field, String value) {
    return switch (field.reso()) {
      case "StandardStatus" -> ResoVocabulary.standardStatusOf(value);
      case "PropertyType" -> ResoVocabulary.propertyTypeOf(value).orElse(value);
      default -> value;
    };
  }

  /** The node at the dotted {@code path}, or null. */
  public static JsonNode at(JsonNode record, String path) {
    JsonNode node = record;
    for (String step : STEPS.computeIfAbsent(path, p -> p.split("\\."))) {
      node = node.get(step);
      if (node == null) {
        return null;
      }
    }
    return node;
  }
}
