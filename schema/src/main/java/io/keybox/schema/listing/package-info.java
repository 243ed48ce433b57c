/**
 * The Listing resource: its response shape (API.md §5), its vocabularies (status synonyms, property
 * types), the catalogue of its searchable fields, its facet dims (distributions and OPTIONS values,
 * from SortedSet doc values), and the conversion of a feed record into a Lucene document whose
 * response JSON is rendered once and stored.
 *
 * <p>Depends on {@code io.keybox.schema.field}, {@code io.keybox.schema.shape}, Lucene core, Lucene
 * facet and Jackson.
 */
package io.keybox.schema.listing;
