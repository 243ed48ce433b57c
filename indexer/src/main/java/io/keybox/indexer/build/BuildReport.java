package io.keybox.indexer.build;

import java.time.Instant;
import java.util.List;

/**
 * The outcome of one run: how many listings it wrote and removed, which records were rejected (in
 * order: listings, open houses, agents, each by line), the refresh time recorded in the commit
 * (null when the run published nothing, with the refusal), and how many open houses and agents it
 * holds.
 */
public record BuildReport(
    long listings,
    long deleted,
    List<Reject> rejects,
    Instant refreshTime,
    boolean published,
    String refusal,
    long openHouses,
    long agents) {}
