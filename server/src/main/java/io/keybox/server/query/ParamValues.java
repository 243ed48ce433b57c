package io.keybox.server.query;

import io.keybox.schema.filter.InvalidValueException;
import io.keybox.schema.filter.ValueParsers;
import io.keybox.server.error.InvalidRequestException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Parsing of single parameter values outside the filter tables (paging, path variables). Every
 * failure is a 400 whose message names the parameter, the bad value and what is allowed; the
 * parsing itself is the schema's ({@link ValueParsers}), as for every filter.
 */
public final class ParamValues {
  private ParamValues() {}

  /** A whole number: optional sign and digits, within the 64-bit range. */
  public static long integer(String name, String value) {
    return named(name, () -> ValueParsers.integer(value));
  }

  /** A whole number within {@code min..max}. */
  public static long integer(String name, String value, long min, long max) {
    return named(name, () -> ValueParsers.integer(value, min, max));
  }

  /** One of a closed set of values. */
  public static <T> T oneOf(
      String name, String value, Function<String, Optional<T>> parser, List<String> allowed) {
    return named(name, () -> ValueParsers.oneOf(parser, allowed).parse(value));
  }

  /** A 400 for {@code value} of {@code name}, saying what is allowed. */
  public static InvalidRequestException invalid(String name, String value, String allowed) {
    return new InvalidRequestException(
        InvalidValueException.invalid(value, allowed).forParameter(name));
  }

  /** A value cut to a length fit for an error message. */
  static String shorten(String value) {
    return InvalidValueException.shorten(value);
  }

  private static <T> T named(String name, Supplier<T> parse) {
    try {
      return parse.get();
    } catch (InvalidValueException e) {
      throw new InvalidRequestException(e.forParameter(name));
    }
  }
}
