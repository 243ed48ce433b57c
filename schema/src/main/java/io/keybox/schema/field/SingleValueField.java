package io.keybox.schema.field;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;
import org.apache.lucene.document.Document;

/**
 * A field holding at most one value per record, read by an extractor (null: the record has no
 * value). A record without a value gets no Lucene field at all, which is what lets the subclasses
 * say "never matches a range", "unknown" or "sorts last"; a subclass only says how one present
 * value is held.
 *
 * @param <V> the value read from a record
 */
public abstract sealed class SingleValueField<V> implements SearchField
    permits DoubleValueField, LongValueField, FlagField, SortKeyField, GeoPointField {
  private final String name;
  private final Function<JsonNode, V> extractor;

  SingleValueField(String name, Function<JsonNode, V> extractor) {
    this.name = name;
    this.extractor = extractor;
  }

  @Override
  public final String name() {
    return name;
  }

  /** The value this field reads from {@code record}, or null. */
  public final V value(JsonNode record) {
    return extractor.apply(record);
  }

  @Override
  public final void addTo(Document doc, JsonNode record) {
    V value = value(record);
    if (value != null && isHeld(value)) {
      add(doc, value);
    }
  }

  /** Whether a value read is held at all (all are, unless a subclass says otherwise). */
  boolean isHeld(V value) {
    return true;
  }

  /** Adds the Lucene fields holding {@code value}, a value {@link #isHeld held}. */
  abstract void add(Document doc, V value);
}
