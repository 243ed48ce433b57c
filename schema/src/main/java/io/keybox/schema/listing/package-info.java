/**
 * The Listing resource: its response shape (API.md §5), its vocabularies (status synonyms, property
 * types, subtypes, room levels: {@link io.keybox.schema.listing.RoomLevel}), the catalogue of its
 * searchable fields, its filter table (the parameters of /properties: {@link
 * io.keybox.schema.listing.ListingFilters}), its sort keys, its facet dims (SortedSet doc values
 * labels, which the server counts for distributions and OPTIONS values), and the conversion of a
 * feed record into a Lucene document whose response JSON (and the renderings it is given, such as
 * the RESO Property record of {@code io.keybox.schema.reso}) is rendered once and stored.
 *
 * <p>Depends on {@code io.keybox.schema}, {@code io.keybox.schema.field}, {@code
 * io.keybox.schema.filter}, {@code io.keybox.schema.shape}, Lucene core, Lucene facet and Jackson;
 * not on {@code io.keybox.schema.reso}, which depends on it.
 */
package io.keybox.schema.listing;
