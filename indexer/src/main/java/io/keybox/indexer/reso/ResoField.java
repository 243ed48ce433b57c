package io.keybox.indexer.reso;

/**
 * One row of the RESO mapping: a RESO Data Dictionary field, the Listing path it fills (dotted, as
 * in API.md §5), and how its value is carried over.
 */
public record ResoField(String reso, String listingPath, Conversion conversion) {
  /** How a RESO value becomes a Listing value. */
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
    DERIVED
  }
}
