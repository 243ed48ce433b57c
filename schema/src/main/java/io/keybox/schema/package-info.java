/**
 * The single source of truth for fields: what each API field of a Listing, Open house and Agent is,
 * how it is normalised, how Lucene holds it and how it is queried, sorted and aggregated.
 *
 * <p>Both the indexer and the server build their Lucene fields, queries and sorts only through this
 * package and its sub-packages. Depends on Lucene core, Lucene facet and Jackson only.
 */
package io.keybox.schema;
