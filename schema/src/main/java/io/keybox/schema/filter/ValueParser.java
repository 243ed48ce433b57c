package io.keybox.schema.filter;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Turns one (trimmed, non-blank) parameter value into a validated value, or refuses it. What it
 * accepts is documented by its {@link #type()} and, for a closed set, by {@link #allowed()}: the
 * OpenAPI document is checked against both.
 *
 * <pre>{@code
 * ValueParser<Long> beds = ValueParsers.integer();
 * beds.parse("3");   // 3
 * beds.parse("3.5"); // InvalidValueException: invalid value '3.5'; allowed: a whole number ...
 * }</pre>
 *
 * @param <T> the validated value
 */
public interface ValueParser<T> {
  /**
   * The value {@code value} stands for.
   *
   * @throws InvalidValueException when it is malformed, out of range or unknown
   */
  T parse(String value);

  /** What one value is. */
  ValueType type();

  /** Every value accepted, for a closed set (in the order an error lists them); else empty. */
  List<String> allowed();

  /** This parser, its values then turned into others by {@code then} (which must not refuse). */
  default <R> ValueParser<R> map(Function<T, R> then) {
    Objects.requireNonNull(then);
    ValueParser<T> first = this;
    return of(first.type(), first.allowed(), value -> then.apply(first.parse(value)));
  }

  /** A parser of {@code type} that parses with {@code parse}. */
  static <T> ValueParser<T> of(ValueType type, List<String> allowed, Function<String, T> parse) {
    List<String> closed = List.copyOf(allowed);
    Objects.requireNonNull(type);
    Objects.requireNonNull(parse);
    return new ValueParser<>() {
      @Override
      public T parse(String value) {
        return parse.apply(value);
      }

      @Override
      public ValueType type() {
        return type;
      }

      @Override
      public List<String> allowed() {
        return closed;
      }
    };
  }
}
