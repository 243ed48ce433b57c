package io.keybox.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks real JSON responses against the schemas of the OpenAPI document, strictly, and records
 * which schema keys the responses held.
 *
 * <p>The subset of JSON Schema the document uses: local {@code $ref}, {@code type} (one or a list),
 * {@code enum}, {@code const}, {@code anyOf}/{@code oneOf}, {@code properties}, {@code required},
 * {@code items}, {@code additionalProperties}. Stricter than JSON Schema in one way: an object
 * schema with {@code properties} and no {@code additionalProperties} allows no other key, so an
 * undocumented key fails. A property marked {@code x-keybox-include: v} must be present exactly
 * when the request asked for {@code include=v}.
 *
 * <p>Coverage is kept per schema location: a component name ({@code Listing}) or an inline object
 * under it ({@code PropertiesMetadata.fields}).
 */
final class SchemaCheck {
  private final JsonNode document;
  private final Map<String, Set<String>> seen = new LinkedHashMap<>();
  private final Set<String> nonNull = new HashSet<>();

  SchemaCheck(JsonNode document) {
    this.document = document;
  }

  /**
   * The problems of {@code value} against {@code schema} (empty when it conforms), for a request
   * that asked for the optional blocks {@code includes}.
   */
  List<String> check(JsonNode schema, JsonNode value, Set<String> includes) {
    Pass pass = new Pass(includes, new ArrayList<>());
    check(schema, value, "$", "(inline)", pass);
    return pass.errors();
  }

  /**
   * One check of a response: the optional blocks its request asked for, and where its problems go.
   */
  private record Pass(Set<String> includes, List<String> errors) {
    /** A pass of the same request whose problems are kept apart (one alternative of anyOf). */
    Pass attempt() {
      return new Pass(includes, new ArrayList<>());
    }
  }

  /** Each schema location with properties, and the ones the checked responses held. */
  Map<String, Set<String>> seen() {
    return seen;
  }

  /** The schema locations an object value was checked against at least once. */
  Set<String> nonNull() {
    return nonNull;
  }

  /** Every object schema with properties in the document's components, by location. */
  Map<String, Set<String>> declared() {
    Map<String, Set<String>> declared = new LinkedHashMap<>();
    document
        .at("/components/schemas")
        .fields()
        .forEachRemaining(e -> collect(e.getKey(), e.getValue(), declared));
    return declared;
  }

  private void collect(String location, JsonNode schema, Map<String, Set<String>> declared) {
    JsonNode properties = schema.get("properties");
    if (properties == null) {
      return;
    }
    Set<String> keys = new LinkedHashSet<>();
    properties
        .fields()
        .forEachRemaining(
            e -> {
              keys.add(e.getKey());
              if (e.getValue().has("properties")) {
                collect(location + "." + e.getKey(), e.getValue(), declared);
              }
            });
    declared.put(location, keys);
  }

  JsonNode resolve(JsonNode node) {
    while (node.has("$ref")) {
      node = document.at(node.get("$ref").asText().substring(1));
      if (node.isMissingNode()) {
        throw new IllegalStateException("dangling $ref");
      }
    }
    return node;
  }

  private void check(JsonNode schema, JsonNode value, String path, String location, Pass pass) {
    if (schema.has("$ref")) {
      String ref = schema.get("$ref").asText();
      String name = ref.substring(ref.lastIndexOf('/') + 1);
      check(resolve(schema), value, path, name, pass);
      return;
    }
    for (String combinator : List.of("anyOf", "oneOf")) {
      if (schema.has(combinator)) {
        List<String> all = new ArrayList<>();
        for (JsonNode alternative : schema.get(combinator)) {
          Pass attempt = pass.attempt();
          check(alternative, value, path, location, attempt);
          if (attempt.errors().isEmpty()) {
            return;
          }
          all.addAll(attempt.errors());
        }
        pass.errors().add(path + ": matches no alternative of " + combinator + ": " + all);
        return;
      }
    }
    if (schema.has("type") && !typeMatches(schema.get("type"), value)) {
      pass.errors()
          .add(path + ": " + value.getNodeType() + " is not of type " + schema.get("type"));
      return;
    }
    if (schema.has("enum") && !contains(schema.get("enum"), value)) {
      pass.errors().add(path + ": " + value + " is not one of " + schema.get("enum"));
    }
    if (schema.has("const") && !schema.get("const").equals(value)) {
      pass.errors().add(path + ": " + value + " is not " + schema.get("const"));
    }
    if (value.isArray() && schema.has("items")) {
      int i = 0;
      for (JsonNode item : value) {
        check(schema.get("items"), item, path + "[" + i++ + "]", location, pass);
      }
    }
    if (value.isObject()) {
      checkObject(schema, value, path, location, pass);
    }
  }

  private void checkObject(
      JsonNode schema, JsonNode value, String path, String location, Pass pass) {
    JsonNode properties = schema.get("properties");
    if (properties != null) {
      nonNull.add(location);
      Set<String> held = seen.computeIfAbsent(location, k -> new LinkedHashSet<>());
      Set<String> required = new HashSet<>();
      schema.path("required").forEach(r -> required.add(r.asText()));
      for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> property = it.next();
        String key = property.getKey();
        JsonNode propertySchema = property.getValue();
        String include = resolve(propertySchema).path("x-keybox-include").asText(null);
        if (include == null) {
          include = propertySchema.path("x-keybox-include").asText(null);
        }
        if (include != null && value.has(key) != pass.includes().contains(include)) {
          pass.errors()
              .add(
                  path
                      + "."
                      + key
                      + ": must be present exactly with include="
                      + include
                      + " (requested: "
                      + pass.includes()
                      + ")");
        }
        if (!value.has(key)) {
          if (required.contains(key)) {
            pass.errors().add(path + ": required key '" + key + "' is missing");
          }
          continue;
        }
        held.add(key);
        String inner = propertySchema.has("properties") ? location + "." + key : location;
        check(propertySchema, value.get(key), path + "." + key, inner, pass);
      }
    }
    JsonNode additional = schema.get("additionalProperties");
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (properties != null && properties.has(field.getKey())) {
        continue;
      }
      if (additional != null && additional.isObject()) {
        check(additional, field.getValue(), path + "." + field.getKey(), location, pass);
      } else if (properties != null || (additional != null && !additional.asBoolean())) {
        pass.errors().add(path + ": undocumented key '" + field.getKey() + "'");
      }
    }
  }

  private static boolean typeMatches(JsonNode type, JsonNode value) {
    if (type.isArray()) {
      for (JsonNode t : type) {
        if (typeMatches(t, value)) {
          return true;
        }
      }
      return false;
    }
    return switch (type.asText()) {
      case "null" -> value.isNull();
      case "boolean" -> value.isBoolean();
      case "integer" -> value.isIntegralNumber();
      case "number" -> value.isNumber();
      case "string" -> value.isTextual();
      case "array" -> value.isArray();
      case "object" -> value.isObject();
      default -> throw new IllegalStateException("unknown type " + type);
    };
  }

  private static boolean contains(JsonNode values, JsonNode value) {
    for (JsonNode v : values) {
      if (v.equals(value)) {
        return true;
      }
    }
    return false;
  }
}
