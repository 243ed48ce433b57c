package io.keybox.indexer.build;

import java.time.Instant;
import java.util.List;

/**
 * The outcome of one run: how many listings the new state holds, which records were rejected, and
 * the refresh time recorded in the commit (null when the run published nothing).
 */
public record BuildReport(
    long listings, List<Reject> rejects, Instant refreshTime, boolean published, String refusal) {}
