/**
 * The single source of truth for fields: what each API field of a Listing is, how it is normalised,
 * how Lucene holds it and how it is queried and sorted.
 *
 * <p>Both the indexer and the server build their Lucene fields, queries and sorts only through this
 * package. Depends on Lucene core and Jackson only.
 */
package io.keybox.schema;
