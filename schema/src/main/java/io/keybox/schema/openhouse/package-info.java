/**
 * The Open house resource (API.md §5, §10): its own members, the link to its listing as a feed
 * gives it (a full Listing or a reference), the catalogue of its own searchable fields, its filter
 * table ({@link io.keybox.schema.openhouse.OpenHouseFilters}, which shares the listing's rows), and
 * its Lucene document, which also carries every listing field of its listing so listing filters
 * apply to open houses, and stores the response JSON rendered once with the listing embedded.
 *
 * <p>Depends on {@code io.keybox.schema}, {@code io.keybox.schema.field}, {@code
 * io.keybox.schema.filter}, {@code io.keybox.schema.listing}, {@code io.keybox.schema.shape},
 * Lucene core and Jackson.
 */
package io.keybox.schema.openhouse;
