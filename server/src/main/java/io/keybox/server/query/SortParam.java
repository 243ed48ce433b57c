package io.keybox.server.query;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The {@code sort} parameter of a list endpoint: a key's name, with {@code -} first for descending
 * order ({@code -listprice}).
 *
 * @param key the key named, or the endpoint's default
 * @param descending whether the order runs from high to low
 */
public record SortParam<S>(S key, boolean descending) {
  /** The parameter's name. */
  public static final String NAME = "sort";

  /**
   * The {@code sort} of {@code params}, or {@code byDefault} when it has none.
   *
   * @param byName the key a name (without {@code -}) denotes
   * @param allowed every accepted value, for the 400 of an unknown one
   */
  public static <S> SortParam<S> parse(
      Params params,
      SortParam<S> byDefault,
      Function<String, Optional<S>> byName,
      List<String> allowed) {
    Optional<String> given = params.first(NAME);
    if (given.isEmpty()) {
      return byDefault;
    }
    String value = given.get();
    boolean descending = value.startsWith("-");
    S key =
        ParamValues.oneOf(NAME, value, v -> byName.apply(descending ? v.substring(1) : v), allowed);
    return new SortParam<>(key, descending);
  }
}
