package io.keybox.indexer.build;

/** A skipped record: its line in the dump and why. */
public record Reject(long line, String reason) {}
