/**
 * Reading feed dumps: opening a file plain or gzip (detected by content), telling how it holds its
 * records (NDJSON, a JSON array, pretty-printed JSON values, OData pages; also by content), and
 * streaming the records in batches with the line each starts on, without holding the dump in
 * memory. A dump cut short is an error here, in every container, never a shorter dump. Depends on
 * the JDK and Jackson's streaming and tree APIs only.
 */
package io.keybox.indexer.feed;
