/**
 * The index contract, the single source of truth for fields: what each API field of a Listing, Open
 * house and Agent is, how it is normalised, how Lucene holds it and how it is queried and sorted;
 * the filter tables (each search's query parameters); the response shapes and documents; and the
 * commit's user data ({@link io.keybox.schema.CommitData}, {@link io.keybox.schema.SchemaVersion}).
 *
 * <p>Both the indexer and the server build their Lucene fields, queries and sorts only through this
 * package and its sub-packages. How a search is executed (paging, stored-field reads, column
 * readers, counting) is the server's. Depends on Lucene core, Lucene facet and Jackson only.
 */
package io.keybox.schema;
