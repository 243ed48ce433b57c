package io.keybox.indexer.build;

import java.time.Instant;
import java.util.List;

/**
 * The outcome of one run: how many listings it wrote and removed, which records were rejected (in
 * order: listings, open houses, agents, each by line), the refresh time recorded in the commit
 * (null when the run published nothing, with the refusal), the open houses it wrote and removed,
 * and the agents it holds.
 *
 * @param deleted the listings it removed: in a full run, those of the previous state its dump left
 *     out; in an incremental run, those its dump deleted
 * @param openHouses a full run: the open houses it holds; an incremental run: the open houses it
 *     wrote, from its open house dump and again with a new version of their listing
 * @param openHousesRemoved the open houses an incremental run removed with their listing
 * @param agents a full run: the agents it holds; an incremental run: the agents it wrote
 */
public record BuildReport(
    long listings,
    long deleted,
    List<Reject> rejects,
    Instant refreshTime,
    boolean published,
    String refusal,
    long openHouses,
    long openHousesRemoved,
    long agents) {}
