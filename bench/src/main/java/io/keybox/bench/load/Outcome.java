package io.keybox.bench.load;

import io.keybox.bench.mix.ClientState;
import java.util.List;

/**
 * What a system answered to one request.
 *
 * @param ok whether it answered the request as a client expects (HTTP 200, or a result)
 * @param status the HTTP status, or 200/500 for in-process systems
 * @param bytes the size of the answer's body (0 when the system returns objects)
 * @param nextCursor the {@code lastId} of the next page of a cursor request, or -1 when there is
 *     none
 * @param keys when asked for in detail: the identities of the answer, in order (mlsIds of a page,
 *     openHouseIds, an analytics {@code totalCount}, and the total of {@code count=true}), so
 *     systems can be compared; null otherwise
 * @param error what went wrong, when not ok
 * @param nextLink the {@code @odata.nextLink} of a RESO page, or null when there is none
 */
public record Outcome(
    boolean ok,
    int status,
    long bytes,
    long nextCursor,
    List<String> keys,
    String error,
    String nextLink) {

  /** A successful answer. */
  public static Outcome ok(long bytes, long nextCursor, List<String> keys) {
    return new Outcome(true, 200, bytes, nextCursor, keys, null, null);
  }

  /** A successful RESO answer, with the nextLink of its page (null for the last). */
  public static Outcome reso(long bytes, String nextLink, List<String> keys) {
    return new Outcome(true, 200, bytes, -1, keys, null, nextLink);
  }

  /** A failed answer. */
  public static Outcome failed(int status, String error) {
    return new Outcome(false, status, 0, -1, null, error, null);
  }

  /** Moves {@code state}'s walk on by this answer: its lastId cursor or its nextLink. */
  public void advance(ClientState state) {
    if (!ok) {
      return;
    }
    if (state.cursor() >= 0) {
      state.cursor(nextCursor);
    }
    if (state.followsLinks()) {
      state.link(nextLink);
    }
  }
}
