package io.keybox.schema.reso;

import io.keybox.schema.field.SearchField;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of a RESO mapping table: a RESO Data Dictionary field, the Keybox path it fills (dotted,
 * as in API.md §5), how its value is carried over, its Data Dictionary type, and the Lucene field
 * that answers filters on it, when one does.
 *
 * @param reso the Data Dictionary name
 * @param listingPath the dotted path in the Keybox record
 * @param conversion how a RESO value becomes the Keybox value (and, inverted, back)
 * @param type the Data Dictionary type
 * @param index the field that filters (and, when it is numeric, sorts) on this value, if any
 * @param servedBack whether the RESO view serves the Keybox value back under this name: always for
 *     the plain conversions, for a derived row only when it says so ({@link #inverted()})
 */
public record ResoField(
    String reso,
    String listingPath,
    Conversion conversion,
    ResoType type,
    Optional<SearchField> index,
    boolean servedBack) {
  public ResoField {
    Objects.requireNonNull(reso, "reso");
    Objects.requireNonNull(listingPath, "listingPath");
    Objects.requireNonNull(conversion, "conversion");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(index, "index");
  }

  /** A row without a Lucene field. */
  public static ResoField of(
      String reso, String listingPath, Conversion conversion, ResoType type) {
    return new ResoField(
        reso, listingPath, conversion, type, Optional.empty(), conversion.invertible());
  }

  /** This row, filtered through {@code field}. */
  public ResoField indexedAs(SearchField field) {
    return new ResoField(reso, listingPath, conversion, type, Optional.of(field), servedBack);
  }

  /**
   * This derived row, served back by the RESO view: the Keybox value as it is (or, for {@code
   * StandardStatus} and {@code PropertyType}, through {@link ResoVocabulary}).
   */
  public ResoField inverted() {
    return new ResoField(reso, listingPath, conversion, type, index, true);
  }

  /** Whether the RESO view advertises this row: served back, and a scalar or a list of them. */
  public boolean inView() {
    return servedBack && type != ResoType.EXPANSION;
  }

  /**
   * The rows of {@code table} the RESO view advertises ({@link #inView()}), by RESO name, each the
   * first row for its name, in table order.
   */
  public static Map<String, ResoField> view(List<ResoField> table) {
    Map<String, ResoField> fields = new LinkedHashMap<>();
    for (ResoField row : table) {
      if (row.inView()) {
        fields.putIfAbsent(row.reso(), row);
      }
    }
    return Collections.unmodifiableMap(fields);
  }

  /** How a RESO value becomes a Keybox value. */
  public enum Conversion {
    /** Copied as is. */
    COPY,
    /** A RESO list (array of strings) joined with ", "; a plain string is copied. */
    JOIN,
    /** A RESO Y/N flag (boolean or "Y"/"N"/"true"/"false"), copied as a boolean. */
    FLAG,
    /** A RESO date (no time): its start in UTC. */
    DATE,
    /** Special handling described in the mapping's Javadoc. */
    DERIVED;

    /**
     * Whether the server can serve the Keybox value back under the RESO name by this rule alone.
     */
    public boolean invertible() {
      return this != DERIVED;
    }
  }
}
