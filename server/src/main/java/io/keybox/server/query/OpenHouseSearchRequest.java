package io.keybox.server.query;

import io.keybox.schema.openhouse.OpenHouseSort;

/**
 * A validated {@code GET /openhouses} request.
 *
 * @param filter what matches: the values of {@link io.keybox.schema.openhouse.OpenHouseFilters}
 * @param sort the order (ignored in cursor mode, which orders by openHouseKey)
 * @param descending whether {@code sort} runs from high to low
 * @param paging limit, offset or the openHouseKey cursor, count
 * @param include the optional blocks of the embedded listing
 */
public record OpenHouseSearchRequest(
    FilterValues filter, OpenHouseSort sort, boolean descending, Paging paging, Include include)
    implements PagedRequest {}
