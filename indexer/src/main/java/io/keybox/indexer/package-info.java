/**
 * The indexer: feed dumps in, per-vendor Lucene commits out. Its entry point is {@code
 * build.VendorIndexBuilder}, which the {@code keybox index} and {@code keybox pull} commands (the
 * app module) call; {@code pull.Puller} fetches a RESO Web API's records into dumps for it; the
 * indexer has no command line of its own.
 *
 * <p>Depends on the schema module (which alone builds Lucene documents), Lucene core and Jackson;
 * {@code pull} alone on the JDK's HTTP client. No server code, and not the synthetic-feed generator
 * (the {@code generator} module).
 */
package io.keybox.indexer;
