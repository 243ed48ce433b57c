package io.keybox.indexer.ids;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The vendor's listingId → mlsId map (and, loaded with other names, its openHouseId → openHouseKey
 * map). Ids are unique per vendor, never reused for another listing, and below 2^53. New listings
 * get ids above every id seen so far.
 *
 * <p>The file is one {@code listingId<TAB>mlsId} line per listing, replaced atomically by {@link
 * #save()}. It only grows: a listing that leaves the feed keeps its id for when it returns. NOTE:
 * not thread-safe; the indexer assigns ids from one thread, in dump order, so ids are
 * deterministic.
 */
public final class IdMap {
  /** The largest id: JavaScript clients read ids below 2^53 exactly. */
  public static final long MAX_ID = (1L << 53) - 1;

  private final Path file;
  private final String idName;
  private final String recordName;
  private final Map<String, Long> idsByListing = new HashMap<>();
  private final Map<Long, String> listingsById = new HashMap<>();
  private long maxId;

  private IdMap(Path file, String idName, String recordName) {
    this.file = file;
    this.idName = idName;
    this.recordName = recordName;
  }

  /**
   * Loads the listing map (listingId → mlsId) at {@code file}; a missing file is an empty map.
   *
   * @throws IOException when the file exists but cannot be read or is malformed
   */
  public static IdMap load(Path file) throws IOException {
    return load(file, "mlsId", "listing");
  }

  /**
   * Loads a map of another kind of record at {@code file} (the open houses' openHouseId →
   * openHouseKey); a missing file is an empty map. The names only word the conflict messages.
   *
   * @param idName the name of the assigned id, e.g. {@code openHouseKey}
   * @param recordName what a key names, e.g. {@code open house}
   * @throws IOException when the file exists but cannot be read or is malformed
   */
  public static IdMap load(Path file, String idName, String recordName) throws IOException {
    IdMap map = new IdMap(file, idName, recordName);
    if (Files.exists(file)) {
      try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line;
        int number = 0;
        while ((line = in.readLine()) != null) {
          number++;
          int tab = line.lastIndexOf('\t');
          try {
            map.put(line.substring(0, tab), Long.parseLong(line.substring(tab + 1)));
          } catch (RuntimeException e) {
            throw new IOException(file + ":" + number + ": malformed id map line", e);
          }
        }
      }
    }
    return map;
  }

  /** The id of {@code listingId}, if it has one. */
  public OptionalLong idOf(String listingId) {
    Long id = idsByListing.get(listingId);
    return id == null ? OptionalLong.empty() : OptionalLong.of(id);
  }

  /**
   * The id of {@code listingId}: the one the feed carries (recorded for the future), else the one
   * it had, else a new one.
   *
   * @throws IdConflictException when the carried id already belongs to another listing
   */
  public long assign(String listingId, OptionalLong carried) throws IdConflictException {
    if (carried.isPresent()) {
      long id = carried.getAsLong();
      String owner = listingsById.get(id);
      if (owner != null && !owner.equals(listingId)) {
        throw new IdConflictException(
            idName + " " + id + " already belongs to " + recordName + " '" + owner + "'");
      }
      Long previous = idsByListing.get(listingId);
      if (previous != null && previous != id) {
        listingsById.remove(previous);
      }
      put(listingId, id);
      return id;
    }
    Long known = idsByListing.get(listingId);
    if (known != null) {
      return known;
    }
    if (maxId >= MAX_ID) {
      throw new IdConflictException("no " + idName + " left below 2^53");
    }
    put(listingId, maxId + 1);
    return maxId;
  }

  /** How many listings have ids. */
  public int size() {
    return idsByListing.size();
  }

  /**
   * Writes the map durably and atomically (temporary file, fsync, rename).
   *
   * @throws IOException when it cannot be written
   */
  public void save() throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      for (Map.Entry<String, Long> entry : idsByListing.entrySet()) {
        out.write(entry.getKey());
        out.write('\t');
        out.write(Long.toString(entry.getValue()));
        out.write('\n');
      }
    }
    try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private void put(String listingId, long id) {
    idsByListing.put(listingId, id);
    listingsById.put(id, listingId);
    maxId = Math.max(maxId, id);
  }
}
