package io.keybox.server.query;

import io.keybox.schema.listing.IdxRule;

/** The {@code idx} parameter (API.md §7): the display rule, {@code null} when absent. */
public final class IdxParam {
  /** The parameter's name. */
  public static final String NAME = "idx";

  private IdxParam() {}

  /** The rule {@code params} ask for; 400 naming {@code idx} for an unknown value. */
  public static IdxRule parse(Params params) {
    return params
        .first(NAME)
        .map(v -> ParamValues.oneOf(NAME, v, IdxRule::parse, IdxRule.parameterValues()))
        .orElse(IdxRule.NULL);
  }
}
