package io.keybox.schema.filter;

/**
 * A parameter value a {@link ValueParser} refuses. The message says what is wrong with the value
 * and what is allowed, without the parameter's name, which the caller adds ({@link #forParameter}):
 * {@code invalid value 'abc'; allowed: a whole number ...}.
 */
public final class InvalidValueException extends IllegalArgumentException {
  /** The longest value an error message shows whole. */
  static final int SHOWN = 80;

  private InvalidValueException(String message) {
    super(message);
  }

  /** A malformed or out-of-range {@code value}; {@code allowed} says what would do. */
  public static InvalidValueException invalid(String value, String allowed) {
    return new InvalidValueException("invalid value '" + shorten(value) + "'; allowed: " + allowed);
  }

  /** A {@code value} outside a closed set of values, all of which are {@code allowed}. */
  public static InvalidValueException unknown(String value, Iterable<String> allowed) {
    return new InvalidValueException(
        "unknown value '" + shorten(value) + "'; allowed: " + String.join(", ", allowed));
  }

  /** The message naming the parameter: {@code minprice: invalid value 'abc'; allowed: ...}. */
  public String forParameter(String name) {
    return name + ": " + getMessage();
  }

  /** {@code value} cut to a length fit for an error message. */
  public static String shorten(String value) {
    return value.length() > SHOWN ? value.substring(0, SHOWN - 3) + "..." : value;
  }
}
