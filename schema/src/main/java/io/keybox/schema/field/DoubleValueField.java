package io.keybox.schema.field;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoubleField;
import org.apache.lucene.document.Field;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSelector;
import org.apache.lucene.util.NumericUtils;

/**
 * A single decimal number (prices, baths, acres) held as a point for ranges and as doc values for
 * sorting and aggregation (Lucene's {@link DoubleField}). A record without the value has neither,
 * so it never matches a range and sorts last.
 */
public final class DoubleValueField extends SingleValueField<Double>
    implements SortableField, NumericColumn, RangeQueryable<Double> {
  /** A field whose value is read by {@code extractor} (null: no value). */
  public DoubleValueField(String name, Function<JsonNode, Double> extractor) {
    super(name, extractor);
  }

  /** NaN and the infinities have no place in a range or an order: held as no value. */
  @Override
  boolean isHeld(Double value) {
    return Double.isFinite(value);
  }

  @Override
  void add(Document doc, Double value) {
    doc.add(new DoubleField(name(), value, Field.Store.NO));
  }

  @Override
  public Query range(Double min, Double max) {
    return DoubleField.newRangeQuery(
        name(),
        min == null ? Double.NEGATIVE_INFINITY : min,
        max == null ? Double.POSITIVE_INFINITY : max);
  }

  @Override
  public double decode(long docValue) {
    // DoubleField keeps the sortable long encoding of the double in its doc values.
    return NumericUtils.sortableLongToDouble(docValue);
  }

  @Override
  public SortField sort(boolean descending) {
    SortField sort = DoubleField.newSortField(name(), descending, SortedNumericSelector.Type.MIN);
    sort.setMissingValue(descending ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
    return sort;
  }
}
