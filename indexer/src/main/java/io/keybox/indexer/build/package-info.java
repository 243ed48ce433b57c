/**
 * Building a vendor's index: the pipeline that parses records in parallel, assigns stable ids in
 * dump order, writes documents made by the schema module, and publishes the new state with ONE
 * commit carrying the refresh time. Until that commit the previous state keeps serving.
 *
 * <p>Depends on {@code feed}, {@code ids}, the schema module, Lucene core and Jackson.
 */
package io.keybox.indexer.build;
