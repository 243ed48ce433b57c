/**
 * Index snapshots, in Lucene's {@code ReferenceManager} idiom: one {@link
 * io.keybox.server.index.SnapshotManager} per vendor over a {@link io.keybox.server.index.Snapshot}
 * that holds the searcher and the state derived from its reader (the listing facet state, {@link
 * io.keybox.server.index.ListingState}, built as it opens; and the {@link
 * io.keybox.server.index.DerivedValue}s the search side declares, such as the OPTIONS value lists,
 * computed on first use or by a warm-up), so they are swapped together and built once per commit.
 *
 * <ul>
 *   <li>{@link io.keybox.server.index.VendorIndexes}: the registry of the served vendors and the
 *       {@link io.keybox.server.index.Lease} a request holds on one snapshot for its whole length;
 *       it logs each open, swap, reopen and drop, and reports each vendor's {@link
 *       io.keybox.server.index.VendorStatus}.
 *   <li>{@link io.keybox.server.index.VendorFolder}: where a vendor's commits are read from, the
 *       single-node {@code index} folder or a replica's immutable publication directories, which it
 *       deletes as their last readers close.
 *   <li>{@link io.keybox.server.index.IndexRefresher}: the background thread that swaps in new
 *       commits, finds vendors whose first index appears, and drops or reopens vendors whose index
 *       went away or was rebuilt, and runs the {@link io.keybox.server.index.SnapshotWarmer}s the
 *       server registers on each snapshot once served (this package does not know what they
 *       compute).
 *   <li>{@link io.keybox.server.index.IndexMetrics}: the per-vendor gauges of {@code /-/metrics}, a
 *       Prometheus collector that reads each vendor's status at each scrape.
 * </ul>
 *
 * <p>Depends on Lucene (core and facet), the schema module, {@code error} (it throws {@link
 * io.keybox.server.error.IndexUnavailableException}, never an HTTP status) and the Prometheus
 * client's model; never on {@code http}, {@code search}, {@code query} or {@code metrics}.
 */
package io.keybox.server.index;
