/**
 * The indexer: feed dumps in, per-vendor Lucene commits out. {@link io.keybox.indexer.IndexerMain}
 * dispatches the {@code index} and {@code generate} commands.
 *
 * <p>Depends on the schema module (which alone builds Lucene documents), Lucene core and Jackson.
 * No HTTP, no server code.
 */
package io.keybox.indexer;
