package io.keybox.server.search;

import java.util.List;
import java.util.OptionalLong;

/**
 * The documents of one page and the facts its Link header needs.
 *
 * @param docs the documents of the page, in order
 * @param keys their keys (mlsId, openHouseKey), in the same order; empty when unkeyed
 * @param hasMore whether more matches follow this page
 * @param total the exact number of matches, when it was asked for
 * @param previousLastId in cursor mode, the {@code lastId} that reproduces the previous page; empty
 *     when this page starts at the beginning (and always in offset mode)
 */
public record PageHits(
    int[] docs, List<Long> keys, boolean hasMore, OptionalLong total, OptionalLong previousLastId) {

  /** The key of the last document of the page; the page must be keyed and not empty. */
  public long lastKey() {
    return keys.get(keys.size() - 1);
  }
}
