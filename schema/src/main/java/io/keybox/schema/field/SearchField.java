package io.keybox.schema.field;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.lucene.document.Document;

/**
 * One searchable attribute of a record: a name, how its values are read from the canonical JSON of
 * a record, and the Lucene structures that hold it. Implementations add query and sort factories
 * that match the structures they index, so no caller ever builds Lucene fields or point queries
 * itself.
 */
public sealed interface SearchField permits KeywordField, TokenField, SingleValueField {

  /** The Lucene field name (unique within a record kind). */
  String name();

  /** Adds this field's Lucene fields for the value(s) it reads from {@code record}, if any. */
  void addTo(Document doc, JsonNode record);
}
