/**
 * Search execution over one reader: the ways a search reads the index that are not a field's own
 * query. {@link io.keybox.server.search.exec.SortOrder} pages a sort whose key records may lack
 * (the matches with the key first, deep pages from the offset's sort value: {@code DeepPage});
 * {@link io.keybox.server.search.exec.PageStoredFields} reads the stored documents of one page;
 * {@link io.keybox.server.search.exec.ColumnReader} reads a numeric column for many matches at a
 * time and {@link io.keybox.server.search.exec.Median} takes the median of what it read; {@link
 * io.keybox.server.search.exec.DimCounts} counts the listing facet dims over matches and {@link
 * io.keybox.server.search.exec.ListingOptions} lists the values OPTIONS /properties shows.
 *
 * <p>The schema module says what the fields, sorts and facets are; this package only runs them.
 * Depends on the schema module and Lucene (core and facet); nothing else of the server, so the
 * bench's raw-Lucene peer does the same work through it.
 */
package io.keybox.server.search.exec;
