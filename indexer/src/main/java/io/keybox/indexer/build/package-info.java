/**
 * Building a vendor's index: the pipeline that parses records in parallel, assigns stable ids in
 * dump order, writes documents made by the schema module, and publishes the new state with ONE
 * commit carrying the refresh time. Until that commit the previous state keeps serving. A dump that
 * repeats a listing keeps its latest copy ({@link io.keybox.indexer.build.LatestCopies}); the
 * report ({@link io.keybox.indexer.build.BuildReport}) counts what a run read, wrote, superseded,
 * skipped and rejected.
 *
 * <p>Depends on {@code feed}, {@code ids}, {@code reso}, {@code progress}, {@code media} (the
 * photos a listing shows), the schema module, Lucene core and Jackson.
 */
package io.keybox.indexer.build;
