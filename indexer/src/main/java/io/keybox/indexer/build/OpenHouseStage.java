package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.ids.IdConflictException;
import io.keybox.indexer.ids.IdMap;
import io.keybox.indexer.reso.ResoOpenHouseMapping;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.openhouse.ListingLink;
import io.keybox.schema.openhouse.OpenHouseDocuments;
import io.keybox.schema.openhouse.OpenHouseQueries;
import io.keybox.schema.openhouse.OpenHouseRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.lucene.index.IndexWriter;

/**
 * The open houses of one run, joined with the run's listings.
 *
 * <p>Use in three steps: {@link #read} the open house dump before the listings, so the run knows
 * which listings open houses name; {@link #offer} every listing once it has its mlsId (only the
 * named ones are kept, so memory follows the open houses, not the feed); then {@link #write} the
 * open houses, each with its listing embedded and a stable openHouseKey.
 *
 * <p>A reference ({@code {"mlsId": ...}} or {@code {"listingId": "..."}}) must name a listing of
 * the same dump (or, in an incremental run, of the index), else the open house is a reject. A full
 * listing is used as given unless the dump (or, incremental, the index) holds a listing with the
 * same listingId, which then wins (the listings the vendor sent are the source of truth); a full
 * listing found nowhere else gets its mlsId from the vendor's listing id map. NOTE: not
 * thread-safe; called from the builder's ordered thread.
 *
 * <p>A RESO open house names its listing by ListingKey too, RESO's foreign key: that joins first
 * (with the listing whose ListingKey it is), and the ListingId reference only when it finds none.
 */
final class OpenHouseStage {
  /**
   * A valid open house, the identity its openHouseKey is kept by, and the ListingKey it names its
   * listing by (RESO; else null).
   */
  private record Parsed(long line, OpenHouseRecord openHouse, String identity, String listingKey) {}

  /** An open house with its key and listing, and the key it had before when the dump changed it. */
  private record Resolved(OpenHouseRecord openHouse, ListingRecord listing, long previousKey) {}

  private final ObjectMapper mapper;
  private final OpenHouseDocuments documents;
  private final List<Parsed> parsed = new ArrayList<>();
  private final List<Reject> rejects = new ArrayList<>();
  private final Set<String> namedListingIds = new HashSet<>();
  private final Set<Long> namedMlsIds = new HashSet<>();
  private final Map<String, ListingRecord> byListingId = new HashMap<>();
  private final Map<Long, ListingRecord> byMlsId = new HashMap<>();
  private final Set<String> namedListingKeys = new HashSet<>();
  private final Map<String, ListingRecord> byListingKey = new HashMap<>();
  private final Set<Long> written = ConcurrentHashMap.newKeySet();
  private final Set<Long> listingsWithOpenHouses = new HashSet<>();

  OpenHouseStage(ObjectMapper mapper) {
    this.mapper = mapper;
    this.documents = new OpenHouseDocuments(mapper);
  }

  /**
   * Parses and validates {@code dump}; bad records and repeated identities (openHouseId; for RESO
   * OpenHouseKey, else OpenHouseId) become rejects.
   *
   * @throws UnreadableDumpException when the dump cannot be read to its end
   */
  void read(Path dump, JsonDump.Reading reading) throws IOException {
    Map<String, Long> firstLineOf = new HashMap<>();
    boolean reso = reading.format() == FeedFormat.RESO;
    JsonDump.each(
        dump,
        reading,
        mapper,
        Reject.OPEN_HOUSES,
        rejects,
        (line, record, source) -> {
          OpenHouseRecord openHouse = OpenHouseRecord.parse(record);
          String identity = reso ? ResoOpenHouseMapping.identity(source) : openHouse.openHouseId();
          String listingKey = reso ? ResoOpenHouseMapping.listingKey(source) : null;
          Long first = firstLineOf.putIfAbsent(identity, line);
          if (first != null) {
            throw new InvalidRecordException(
                reso && !identity.equals(openHouse.openHouseId()) ? "OpenHouseKey" : "openHouseId",
                "duplicate '" + identity + "' (first at line " + first + ")");
          }
          if (listingKey != null) {
            namedListingKeys.add(listingKey);
          }
          switch (openHouse.link()) {
            case ListingLink.Reference ref -> {
              ref.mlsId().ifPresent(namedMlsIds::add);
              ref.listingId().ifPresent(namedListingIds::add);
            }
            case ListingLink.Embedded full -> namedListingIds.add(full.listing().listingId());
          }
          parsed.add(new Parsed(line, openHouse, identity, listingKey));
        });
  }

  /**
   * Keeps {@code listing} (which carries its mlsId) when an open house names it; {@code identity}
   * is the identity its id is kept by (a RESO listing's ListingKey).
   */
  void offer(ListingRecord listing, String identity) {
    long mlsId = listing.mlsId().orElseThrow();
    if (namedListingIds.contains(listing.listingId()) || namedMlsIds.contains(mlsId)) {
      byListingId.put(listing.listingId(), listing);
      byMlsId.put(mlsId, listing);
    }
    if (identity != null && namedListingKeys.contains(identity)) {
      byListingKey.put(identity, listing);
    }
  }

  /**
   * Adds every open house whose listing resolves to {@code writer}; returns how many. Keys are
   * assigned in dump order; the documents are built and added on {@code threads} (their order in
   * the index is free: every open house sort ends with the openHouseKey). In an incremental run an
   * open house replaces the one with its key, and a listing the dump lacks is looked up in {@code
   * indexed}.
   *
   * @param keys the vendor's openHouseId → openHouseKey map
   * @param listingIds the vendor's listing id map, for full listings the dump lacks
   * @param indexed the listings already in the index (none in a full run)
   * @throws IOException when the index cannot be written
   */
  long write(
      IndexWriter writer,
      IdMap keys,
      IdMap listingIds,
      WriterThreads threads,
      IndexedListings indexed,
      RunMode mode)
      throws IOException {
    List<Resolved> resolved = new ArrayList<>(parsed.size());
    Set<Long> moved = new HashSet<>();
    for (Parsed p : parsed) {
      OpenHouseRecord openHouse = p.openHouse();
      try {
        ListingRecord listing = byKey(p.listingKey(), listingIds, indexed);
        if (listing == null) {
          listing = resolveWithoutKey(p.listingKey(), openHouse.link(), listingIds, indexed);
        }
        if (mode == RunMode.INCREMENTAL
            && openHouse.openHouseKey().isPresent()
            && moved.contains(openHouse.openHouseKey().getAsLong())) {
          // Its old holder's delete, on another thread, could land after this add.
          throw new InvalidRecordException(
              "openHouseKey",
              openHouse.openHouseKey().getAsLong()
                  + " was another open house's until this dump gave that one another key; carry"
                  + " it in a later run");
        }
        long before = keys.idOf(p.identity()).orElse(0);
        long key = assign(keys, p.identity(), openHouse);
        if (before != 0 && before != key) {
          moved.add(before);
        }
        resolved.add(new Resolved(openHouse.withKey(key), listing, before == key ? 0 : before));
        written.add(key);
        listing.mlsId().ifPresent(listingsWithOpenHouses::add);
      } catch (InvalidRecordException e) {
        rejects.add(new Reject(Reject.OPEN_HOUSES, p.line(), e.getMessage()));
      }
    }
    threads.writeAll(
        resolved,
        256,
        r -> {
          if (mode == RunMode.INCREMENTAL) {
            writer.deleteDocuments(
                OpenHouseQueries.byKey(r.openHouse().openHouseKey().getAsLong()));
            if (r.previousKey() > 0) {
              // The dump gave the open house another key: its version under the old one goes.
              writer.deleteDocuments(OpenHouseQueries.byKey(r.previousKey()));
              written.add(r.previousKey());
            }
          }
          writer.addDocument(documents.toDocument(r.openHouse(), r.listing()));
        });
    return resolved.size();
  }

  /**
   * The openHouseKeys {@link #write} wrote, and those it replaced under another key: the open
   * houses that are the dump's now, whatever happened to their listing in the run.
   */
  Set<Long> writtenKeys() {
    return written;
  }

  /** The mlsIds of the listings {@link #write} wrote open houses of (the commit's changes). */
  Set<Long> listingsWithOpenHouses() {
    return listingsWithOpenHouses;
  }

  /** The rejects of the open house dump, by line. */
  List<Reject> rejects() {
    return rejects.stream().sorted(Comparator.comparingLong(Reject::line)).toList();
  }

  /**
   * The listing an open house's reference names, when its ListingKey (if any) named none; a reject
   * then names both the key and the reference.
   */
  private ListingRecord resolveWithoutKey(
      String listingKey, ListingLink link, IdMap listingIds, IndexedListings indexed)
      throws InvalidRecordException {
    try {
      return resolve(link, listingIds, indexed);
    } catch (InvalidRecordException e) {
      if (listingKey == null || !e.reason().startsWith("no listing with ")) {
        throw e;
      }
      throw new InvalidRecordException(
          e.path(),
          "no listing with ListingKey '"
              + listingKey
              + "' or "
              + e.reason().substring("no listing with ".length()));
    }
  }

  /**
   * The listing the dump holds ({@code inDump}), else the one the index holds; refused when neither
   * does.
   *
   * @param named how the open house names it, e.g. {@code mlsId 5}
   */
  private static ListingRecord known(
      ListingRecord inDump,
      Supplier<Optional<ListingRecord>> inIndex,
      String named,
      IndexedListings indexed)
      throws InvalidRecordException {
    if (inDump != null) {
      return inDump;
    }
    return inIndex
        .get()
        .orElseThrow(
            () ->
                new InvalidRecordException(
                    "listing",
                    "no listing with " + named + " in the listings dump" + where(indexed)));
  }

  private ListingRecord resolve(ListingLink link, IdMap listingIds, IndexedListings indexed)
      throws InvalidRecordException {
    return switch (link) {
      case ListingLink.Reference ref when ref.mlsId().isPresent() -> {
        long mlsId = ref.mlsId().getAsLong();
        ListingRecord listing =
            known(byMlsId.get(mlsId), () -> indexed.byMlsId(mlsId), "mlsId " + mlsId, indexed);
        if (ref.listingId().isPresent() && !ref.listingId().get().equals(listing.listingId())) {
          throw new InvalidRecordException(
              "listing",
              "mlsId "
                  + mlsId
                  + " is listing '"
                  + listing.listingId()
                  + "', not '"
                  + ref.listingId().get()
                  + "'");
        }
        yield listing;
      }
      case ListingLink.Reference ref -> {
        String listingId = ref.listingId().orElseThrow();
        yield known(
            byListingId.get(listingId),
            () -> indexed.byListingId(listingId),
            "listingId '" + listingId + "'",
            indexed);
      }
      case ListingLink.Embedded full -> {
        ListingRecord inDump = byListingId.get(full.listing().listingId());
        if (inDump != null) {
          yield inDump;
        }
        Optional<ListingRecord> inIndex = indexed.byListingId(full.listing().listingId());
        if (inIndex.isPresent()) {
          yield inIndex.get(); // the listings the vendor sent win over an open house's copy
        }
        try {
          ListingRecord listing = full.listing();
          yield listing.withMlsId(listingIds.assign(listing.listingId(), listing.mlsId()));
        } catch (IdConflictException e) {
          throw new InvalidRecordException("listing.mlsId", e.getMessage());
        }
      }
    };
  }

  /**
   * The listing a RESO open house names by {@code listingKey}: of this run's dump, else (an
   * incremental run) of the index, found through the listing id map; null when there is no key or
   * no such listing (then its listingId reference decides).
   */
  private ListingRecord byKey(String listingKey, IdMap listingIds, IndexedListings indexed) {
    if (listingKey == null) {
      return null;
    }
    ListingRecord listing = byListingKey.get(listingKey);
    if (listing == null && !indexed.isEmpty()) {
      OptionalLong mlsId = listingIds.idOf(listingKey);
      if (mlsId.isPresent()) {
        listing = indexed.byMlsId(mlsId.getAsLong()).orElse(null);
      }
    }
    return listing;
  }

  private static long assign(IdMap keys, String identity, OpenHouseRecord openHouse)
      throws InvalidRecordException {
    try {
      return keys.assign(identity, openHouse.openHouseKey());
    } catch (IdConflictException e) {
      throw new InvalidRecordException("openHouseKey", e.getMessage());
    }
  }

  private static String where(IndexedListings indexed) {
    return indexed.isEmpty() ? "" : " or the index";
  }
}
