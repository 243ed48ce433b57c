package io.keybox.generator;

/**
 * What a run wrote.
 *
 * @param listings listing records written
 * @param openHouses open house records written
 * @param agents agent records written (the whole pool)
 * @param offices distinct offices the agents belong to
 */
public record GenerationSummary(long listings, long openHouses, long agents, long offices) {}
