package io.keybox.server.search.exec;

/** One value of a facet dimension and how many records hold it. */
public record ValueCount(String value, long count) {}
