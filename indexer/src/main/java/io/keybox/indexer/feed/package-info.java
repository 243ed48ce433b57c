/**
 * Reading feed dumps: opening a file plain or gzip (detected by content), and streaming its records
 * line by line with their line numbers, without holding the dump in memory. Depends on the JDK
 * only.
 */
package io.keybox.indexer.feed;
