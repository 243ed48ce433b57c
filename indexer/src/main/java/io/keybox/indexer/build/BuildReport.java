package io.keybox.indexer.build;

import java.time.Instant;
import java.util.List;

/**
 * The outcome of one run: how many listings it wrote and removed, which records were rejected (in
 * order: listings, open houses, agents, each by line), the refresh time recorded in the commit
 * (null when the run published nothing, with the refusal), the open houses it wrote and removed,
 * the agents it holds, and what the listings dump held besides.
 *
 * @param deleted the listings it removed: in a full run, those of the previous state its dump left
 *     out; in an incremental run, those its dump deleted
 * @param openHouses a full run: the open houses it holds; an incremental run: the open houses it
 *     wrote, from its open house dump and again with a new version of their listing
 * @param openHousesRemoved the open houses an incremental run removed with their listing
 * @param agents a full run: the agents it holds; an incremental run: the agents it wrote
 * @param read the records of the listings dump read (rejected, superseded and hidden ones too)
 * @param superseded records of the listings dump that another copy of the same listing (same
 *     ListingKey or listingId) superseded: the copy with the latest modification time wins, of
 *     equal ones the later; not rejects
 * @param untyped listings written without a property type: indexed, but every search filters on the
 *     type, so none finds them (a warning)
 * @param hidden records a full run skipped because the feed withdraws them ({@code MlgCanView:
 *     false}); an incremental run removes them instead (counted in {@code deleted})
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
    long agents,
    long read,
    long superseded,
    long untyped,
    long hidden) {}
