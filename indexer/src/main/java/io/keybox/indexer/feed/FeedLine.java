package io.keybox.indexer.feed;

/** One non-blank line of an NDJSON dump and its 1-based line number. */
public record FeedLine(long number, String text) {}
