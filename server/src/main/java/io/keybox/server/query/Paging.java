package io.keybox.server.query;

import io.keybox.server.error.InvalidRequestException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The paging parameters of a list endpoint (API.md §7, also /openhouses and /agents), validated.
 *
 * @param limit page size, 1..{@link #MAX_LIMIT}
 * @param offset matches skipped (offset mode), within the server's paging window
 * @param lastId the cursor (matches after this key, in key order); empty in offset mode
 * @param count whether to report the total number of matches ({@code count=true})
 */
public record Paging(int limit, int offset, OptionalLong lastId, boolean count) {
  /** The largest {@code limit}. */
  public static final int MAX_LIMIT = 500;

  /** The parameters {@link #parse} reads, with {@code lastId} only for a cursor endpoint. */
  public static List<String> parameters(boolean cursor) {
    return cursor
        ? List.of("limit", "lastId", "offset", "count")
        : List.of("limit", "offset", "count");
  }

  /**
   * The paging of {@code params}.
   *
   * @param defaultLimit the page size when {@code limit} is absent
   * @param offsetWindow the largest {@code offset} accepted; deeper pages must use a cursor
   * @param cursor whether the endpoint pages with {@code lastId} (else the parameter is ignored)
   * @throws InvalidRequestException naming the parameter for a malformed or out-of-range value
   */
  public static Paging parse(Params params, int defaultLimit, int offsetWindow, boolean cursor) {
    int limit =
        params
            .first("limit")
            .map(v -> (int) ParamValues.integer("limit", v, 1, MAX_LIMIT))
            .orElse(defaultLimit);
    OptionalLong lastId = OptionalLong.empty();
    Optional<String> lastIdValue = cursor ? params.first("lastId") : Optional.empty();
    if (lastIdValue.isPresent()) {
      lastId = OptionalLong.of(ParamValues.integer("lastId", lastIdValue.get(), 0, Long.MAX_VALUE));
    }
    boolean count = params.first("count").map(v -> v.equalsIgnoreCase("true")).orElse(false);
    return new Paging(
        limit, offset(params, offsetWindow, cursor, lastId.isPresent()), lastId, count);
  }

  /**
   * The {@code offset}: a whole number >= 0, within the paging window. In cursor mode ({@code
   * lastId} given) it is ignored, so the window does not apply and 0 is returned; a client that
   * pages with {@code lastId} and keeps sending its old {@code offset} must not be refused.
   */
  private static int offset(Params params, int offsetWindow, boolean cursor, boolean cursorMode) {
    Optional<String> value = params.first("offset");
    if (value.isEmpty()) {
      return 0;
    }
    long offset = ParamValues.integer("offset", value.get());
    if (offset < 0) {
      throw ParamValues.invalid("offset", value.get(), "a whole number >= 0");
    }
    if (cursorMode) {
      return 0;
    }
    if (offset > offsetWindow) {
      throw new InvalidRequestException(
          "offset too high: "
              + offset
              + " is past the paging window of "
              + offsetWindow
              + (cursor
                  ? "; page deeper with lastId (lastId=0 starts from the beginning)"
                  : "; narrow the search"));
    }
    return (int) offset;
  }
}
