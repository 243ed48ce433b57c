/**
 * The Listing resource: its response shape (API.md §5), its vocabularies (status synonyms, property
 * types, subtypes, room levels: {@link io.keybox.schema.listing.RoomLevel}), the catalogue of its
 * searchable fields, its filter table (the parameters of /properties: {@link
 * io.keybox.schema.listing.ListingFilters}), its sort keys, its facet dims (SortedSet doc values
 * labels, which the server counts for distributions and OPTIONS values), and the conversion of a
 * feed record into a Lucene document whose response JSON (and RESO Property record) is rendered
 * once and stored.
 *
 * <p>Depends on {@code io.keybox.schema}, {@code io.keybox.schema.field}, {@code
 * io.keybox.schema.filter}, {@code io.keybox.schema.shape}, {@code io.keybox.schema.reso} (the RESO
 * record only), Lucene core, Lucene facet and Jackson.
 */
package io.keybox.schema.listing;
