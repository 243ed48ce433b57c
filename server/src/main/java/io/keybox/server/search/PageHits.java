package io.keybox.server.search;

import java.util.OptionalLong;

/**
 * The documents of one page and the facts its Link header needs.
 *
 * @param docs the documents of the page, in order
 * @param lastKey in cursor mode, the key (mlsId, openHouseKey) of the page's last document, the
 *     {@code next} link's cursor; empty in offset mode, whose links need no key, and for an empty
 *     page
 * @param hasMore whether more matches follow this page
 * @param total the exact number of matches, when it was asked for
 * @param previousLastId in cursor mode, the {@code lastId} that reproduces the previous page; empty
 *     when this page starts at the beginning (and always in offset mode)
 */
public record PageHits(
    int[] docs,
    OptionalLong lastKey,
    boolean hasMore,
    OptionalLong total,
    OptionalLong previousLastId) {}
