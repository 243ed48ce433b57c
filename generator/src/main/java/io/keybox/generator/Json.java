package io.keybox.generator;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.time.Instant;

/**
 * Null-aware field writers over a Jackson {@link JsonGenerator}, in the API's number style: whole
 * numbers in double fields are written without a fraction, timestamps as ISO-8601 UTC with Z.
 */
final class Json {
  private final JsonGenerator g;

  Json(JsonGenerator g) {
    this.g = g;
  }

  JsonGenerator generator() {
    return g;
  }

  void str(String name, String value) throws IOException {
    g.writeStringField(name, value);
  }

  void num(String name, Integer value) throws IOException {
    field(name, value, v -> g.writeNumber(v.intValue()));
  }

  void num(String name, Long value) throws IOException {
    field(name, value, v -> g.writeNumber(v.longValue()));
  }

  void num(String name, Double value) throws IOException {
    field(
        name,
        value,
        v -> {
          if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            g.writeNumber(v.longValue());
          } else {
            g.writeNumber(v.doubleValue());
          }
        });
  }

  void bool(String name, Boolean value) throws IOException {
    field(name, value, g::writeBoolean);
  }

  /** Writes one value of a field. */
  @FunctionalInterface
  private interface ValueWriter<T> {
    void write(T value) throws IOException;
  }

  /** The field {@code name}: null, or {@code value} as {@code writer} writes it. */
  private <T> void field(String name, T value, ValueWriter<T> writer) throws IOException {
    g.writeFieldName(name);
    if (value == null) {
      g.writeNull();
    } else {
      writer.write(value);
    }
  }

  void time(String name, Instant value) throws IOException {
    g.writeStringField(name, value == null ? null : value.toString());
  }

  void nul(String name) throws IOException {
    g.writeNullField(name);
  }

  void start(String name) throws IOException {
    g.writeObjectFieldStart(name);
  }

  void end() throws IOException {
    g.writeEndObject();
  }
}
