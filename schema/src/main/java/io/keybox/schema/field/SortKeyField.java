package io.keybox.schema.field;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/**
 * A text value kept only for ordering (names of agents): trimmed and lower-cased into sorted doc
 * values, so the order ignores case. Not searchable; records without the value sort last.
 */
public final class SortKeyField extends SingleValueField<String> {
  /** A sort key read by {@code extractor} (null or blank: no value). */
  public SortKeyField(String name, Function<JsonNode, String> extractor) {
    super(name, extractor);
  }

  /** A blank name says nothing to order by: held as no value. */
  @Override
  boolean isHeld(String value) {
    return !value.isBlank();
  }

  @Override
  void add(Document doc, String value) {
    doc.add(new SortedDocValuesField(name(), new BytesRef(KeywordField.normalize(value))));
  }

  /** Ascending order ignoring case; records without the value come last. */
  public SortField sort() {
    SortField sort = new SortField(name(), SortField.Type.STRING);
    sort.setMissingValue(SortField.STRING_LAST);
    return sort;
  }
}
