package io.keybox.schema.filter;

/** What one value of a parameter is, as the API documents it (its OpenAPI schema type). */
public enum ValueType {
  /** Any text; a closed set when the parser lists {@linkplain ValueParser#allowed() its values}. */
  TEXT,
  /** A whole number: digits with an optional sign, within the 64-bit range. */
  INTEGER,
  /** A decimal number such as 2.5. */
  DECIMAL,
  /** A date ({@code 2024-05-01}) or a date-time, documented as a string. */
  DATE
}
