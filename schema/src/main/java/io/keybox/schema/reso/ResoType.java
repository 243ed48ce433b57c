package io.keybox.schema.reso;

/**
 * The RESO Data Dictionary 2.0 type of a field, as its OData ({@code Edm}) type: the server's RESO
 * view declares each field with it, and the indexer reads values of it.
 */
public enum ResoType {
  /** {@code Edm.String}, free text. */
  STRING,
  /**
   * {@code Edm.String} with a {@code LookupName} annotation: one value of a lookup (String List,
   * Single).
   */
  LOOKUP,
  /** {@code Collection(Edm.String)} with a {@code LookupName}: String List, Multi. */
  LOOKUP_MULTI,
  /** {@code Edm.Int64}: a whole number. */
  INTEGER,
  /** {@code Edm.Decimal}. */
  DECIMAL,
  /** {@code Edm.Date}: a day, no time. */
  DAY,
  /** {@code Edm.DateTimeOffset}. */
  TIMESTAMP,
  /** {@code Edm.Boolean} (the Data Dictionary's YN fields). */
  BOOLEAN,
  /**
   * {@code Edm.GeographyPoint}: a point on the earth (WGS 84), written as GeoJSON; what OData's
   * {@code geo.intersects} takes.
   */
  POINT,
  /**
   * A structured value (Media, Rooms): read by the indexer, not a scalar property of the RESO view.
   */
  EXPANSION
}
