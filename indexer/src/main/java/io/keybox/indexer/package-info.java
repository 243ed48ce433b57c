/**
 * The indexer: feed dumps in, per-vendor Lucene commits out. {@link io.keybox.indexer.IndexerMain}
 * runs the {@code index} command.
 *
 * <p>Depends on the schema module (which alone builds Lucene documents), Lucene core and Jackson.
 * No HTTP, no server code, and not the synthetic-feed generator (the {@code generator} module).
 */
package io.keybox.indexer;
