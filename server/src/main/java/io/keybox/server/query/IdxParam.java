package io.keybox.server.query;

import io.keybox.schema.listing.IdxRule;

/** The {@code idx} parameter (API.md §7): the display rule, {@code null} when absent. */
public final class IdxParam {
  private IdxParam() {}

  /** The rule {@code params} ask for; 400 naming {@code idx} for an unknown value. */
  public static IdxRule parse(Params params) {
    return params
        .first("idx")
        .map(v -> ParamValues.oneOf("idx", v, IdxRule::parse, IdxRule.parameterValues()))
        .orElse(IdxRule.NULL);
  }
}
