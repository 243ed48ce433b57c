/**
 * Running validated requests on ONE leased snapshot: top-N with sort or a key cursor (listings,
 * open houses, agents), exact counts, single lookups, and analytics over all matches (facet counts
 * from the snapshot's facet state and numeric doc values; stored documents are never loaded for
 * them). Returns results (stored sources, statistics and paging facts), never JSON or HTTP. The
 * reusable pieces of execution (sort orders and deep paging, stored-field reads, column readers,
 * medians, facet and OPTIONS counting) are in {@link io.keybox.server.search.exec}. Depends on
 * {@code index}, {@code query}, {@code error}, the schema module and Lucene (core and facet).
 */
package io.keybox.server.search;
