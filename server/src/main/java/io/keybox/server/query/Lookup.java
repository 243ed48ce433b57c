package io.keybox.server.query;

import io.keybox.schema.listing.IdxRule;
import java.util.List;

/**
 * The parameters of a single-record lookup ({@code GET /properties/{mlsId}}, {@code GET
 * /openhouses/{openHouseKey}}): the display rule and the optional blocks.
 *
 * @param idx the {@code idx} rule (API.md §7); {@code null} rule when absent
 * @param include the blocks {@code include} asks for
 */
public record Lookup(IdxRule idx, Include include) {
  /** The parameters {@link #parse} reads. */
  public static final List<String> PARAMETERS = List.of(IdxParam.NAME, Include.NAME);

  /** The lookup {@code params} ask for; 400 naming {@code idx} for an unknown rule. */
  public static Lookup parse(Params params) {
    return new Lookup(IdxParam.parse(params), Include.parse(params.values(Include.NAME)));
  }
}
