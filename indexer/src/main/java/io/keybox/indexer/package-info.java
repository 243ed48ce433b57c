/**
 * The indexer: feed dumps in, per-vendor Lucene commits out. Its entry point is {@code
 * build.VendorIndexBuilder}, which the {@code keybox index} command (the app module) calls; the
 * indexer has no command line of its own.
 *
 * <p>Depends on the schema module (which alone builds Lucene documents), Lucene core and Jackson.
 * No HTTP, no server code, and not the synthetic-feed generator (the {@code generator} module).
 */
package io.keybox.indexer;
