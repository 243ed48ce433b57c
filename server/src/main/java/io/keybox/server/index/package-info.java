/**
 * Index snapshots: one manager per vendor, a Lucene {@code ReferenceManager} over a {@link
 * io.keybox.server.index.Snapshot} that holds the searcher and the state derived from its reader
 * (the listing facet state, built with the snapshot, and the OPTIONS value lists, computed on the
 * refresh thread once it is served: {@link io.keybox.server.index.ListingState}), so they are
 * swapped together and built once per commit. Callers hold a {@link io.keybox.server.index.Lease}
 * for the whole of a request. A background thread refreshes. {@link
 * io.keybox.server.index.VendorStatus} is what health and metrics report of each vendor. Depends on
 * Lucene (core and facet), the schema module and {@code error}.
 */
package io.keybox.server.index;
