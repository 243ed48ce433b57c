package io.keybox.state.media;

import io.keybox.state.StateStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One vendor's photos in the state store: what the feed names, and how far mirroring each got.
 *
 * <ul>
 *   <li>The feed's side: {@link #replaceListing} (a listing's whole photo list, as a Property
 *       record's {@code Media} array gives it) and {@link #upsert} (Media records one by one). A
 *       photo whose URL or MediaModificationTimestamp changed is pending again, and keeps its old
 *       digest (its listing shows the old picture) until the new one is on disk.
 *   <li>The mirror's side: {@link #next} hands out due work, every listing's cover before any
 *       second photo and newest listings first; {@link #mirrored}, {@link #retryLater} and {@link
 *       #failed} record the outcome.
 *   <li>The index's side: {@link #photos} lists a listing's photos that have files, in order.
 *   <li>Clean-up: {@link #listingGone} marks a listing's photos gone; {@link #purgeGone} removes
 *       those gone long enough and returns the digests no photo uses any more, whose files may go.
 * </ul>
 */
public final class MediaCatalog {
  /**
   * A listing's photos are found through its index: with a condition on the state as well, and no
   * statistics, SQLite may pick the work index (vendor, state, ...) and scan the vendor's every
   * photo for each listing, which made registering a feed quadratic.
   */
  private static final String LISTING_INDEX = " INDEXED BY media_listing";

  private final StateStore store;
  private final String vendor;
  private final Clock clock;

  public MediaCatalog(StateStore store, String vendor, Clock clock) {
    this.store = Objects.requireNonNull(store, "store");
    this.vendor = Objects.requireNonNull(vendor, "vendor");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Makes {@code photos} the photos of {@code listingKey}: new and changed ones pending, unchanged
   * ones as they were, and the listing's other photos gone.
   */
  public void replaceListing(String listingKey, List<MediaRecord> photos) {
    replaceListings(Map.of(listingKey, photos));
  }

  /**
   * As {@link #replaceListing} for each listing of {@code photosByListing}, in one transaction (an
   * index run registers a batch of listings at once).
   */
  public void replaceListings(Map<String, List<MediaRecord>> photosByListing) {
    store.write(
        c -> {
          try (Prepared prepared = new Prepared(c)) {
            for (Map.Entry<String, List<MediaRecord>> listing : photosByListing.entrySet()) {
              replace(prepared, listing.getKey(), listing.getValue());
            }
          }
          return null;
        });
  }

  private void replace(Prepared c, String listingKey, List<MediaRecord> photos)
      throws SQLException {
    Set<String> keep = new HashSet<>();
    for (MediaRecord photo : photos) {
      if (!photo.listingKey().equals(listingKey)) {
        throw new IllegalArgumentException(
            "photo " + photo.mediaKey() + " is of listing " + photo.listingKey());
      }
      upsert(c, photo);
      keep.add(photo.mediaKey());
    }
    PreparedStatement others =
        c.statement(
            "SELECT media_key FROM media"
                + LISTING_INDEX
                + " WHERE vendor = ? AND listing_key = ? AND state <> 'GONE'");
    others.setString(1, vendor);
    others.setString(2, listingKey);
    List<String> gone = new ArrayList<>();
    try (ResultSet rows = others.executeQuery()) {
      while (rows.next()) {
        if (!keep.contains(rows.getString(1))) {
          gone.add(rows.getString(1));
        }
      }
    }
    for (String mediaKey : gone) {
      setGone(c, "media_key = ?", mediaKey);
    }
  }

  /** The listings that have photos not gone: to mark gone those a full run no longer has. */
  public Set<String> listings() {
    return store.read(
        c -> {
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT DISTINCT listing_key FROM media WHERE vendor = ? AND state <> 'GONE'")) {
            select.setString(1, vendor);
            Set<String> keys = new HashSet<>();
            try (ResultSet rows = select.executeQuery()) {
              while (rows.next()) {
                keys.add(rows.getString(1));
              }
            }
            return keys;
          }
        });
  }

  /** Marks every photo of each of {@code listingKeys} gone, in one transaction. */
  public void listingsGone(Set<String> listingKeys) {
    store.write(
        c -> {
          for (String listingKey : listingKeys) {
            setGone(c, "listing_key = ?", listingKey);
          }
          return null;
        });
  }

  /** Adds or updates {@code photos}, one by one (a Media resource's records). */
  public void upsert(List<MediaRecord> photos) {
    store.write(
        c -> {
          try (Prepared prepared = new Prepared(c)) {
            for (MediaRecord photo : photos) {
              upsert(prepared, photo);
            }
          }
          return null;
        });
  }

  /** Marks every photo of {@code listingKey} gone (its listing left the index). */
  public void listingGone(String listingKey) {
    store.write(c -> setGone(c, "listing_key = ?", listingKey));
  }

  /**
   * Up to {@code limit} photos due for download: pending, not waiting for a retry; covers first,
   * then second photos, and so on; within a place, newest listings first.
   */
  public List<MirrorTask> next(int limit) {
    String now = text(clock.instant());
    return store.read(
        c -> {
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT media_key, listing_key, position, source_url, attempts, digest FROM media"
                      + " INDEXED BY media_due"
                      + " WHERE vendor = ? AND state = 'PENDING'"
                      + " AND (next_attempt IS NULL OR next_attempt <= ?)"
                      + " ORDER BY position, listing_modified DESC, media_key LIMIT ?")) {
            select.setString(1, vendor);
            select.setString(2, now);
            select.setInt(3, limit);
            List<MirrorTask> tasks = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
              while (rows.next()) {
                tasks.add(
                    new MirrorTask(
                        vendor,
                        rows.getString(1),
                        rows.getString(2),
                        rows.getInt(3),
                        rows.getString(4),
                        rows.getInt(5),
                        Optional.ofNullable(rows.getString(6))));
              }
            }
            return tasks;
          }
        });
  }

  /** When the earliest pending photo that waits for a retry is due, if any waits. */
  public Optional<Instant> nextRetry() {
    return store.read(
        c -> {
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT MIN(next_attempt) FROM media WHERE vendor = ? AND state = 'PENDING'"
                      + " AND next_attempt IS NOT NULL")) {
            select.setString(1, vendor);
            try (ResultSet rows = select.executeQuery()) {
              String at = rows.next() ? rows.getString(1) : null;
              return at == null ? Optional.empty() : Optional.of(Instant.from(STORED.parse(at)));
            }
          }
        });
  }

  /** Records that {@code mediaKey}'s variants are on disk under {@code digest}. */
  public void mirrored(String mediaKey, String digest, long bytes, int width, int height) {
    record(List.of(new MirrorOutcome.Mirrored(mediaKey, digest, bytes, width, height)));
  }

  /** Records a failed attempt at {@code mediaKey} that is worth another one at {@code at}. */
  public void retryLater(String mediaKey, String reason, Instant at) {
    record(List.of(new MirrorOutcome.Retry(mediaKey, reason, at)));
  }

  /** Gives up on {@code mediaKey} for {@code reason} (until the feed changes it). */
  public void failed(String mediaKey, String reason) {
    record(List.of(new MirrorOutcome.Failed(mediaKey, reason)));
  }

  /**
   * Records {@code outcomes} in one transaction (the mirror records a batch of photos at once: one
   * write to disk, not one a photo).
   */
  public void record(List<? extends MirrorOutcome> outcomes) {
    String now = now();
    store.write(
        c -> {
          try (Prepared prepared = new Prepared(c)) {
            for (MirrorOutcome outcome : outcomes) {
              record(prepared, outcome, now);
            }
          }
          return null;
        });
  }

  private void record(Prepared c, MirrorOutcome outcome, String now) throws SQLException {
    switch (outcome) {
      case MirrorOutcome.Mirrored m ->
          c.update(
              "UPDATE media SET state = 'MIRRORED', digest = ?, bytes = ?, width = ?, height = ?,"
                  + " attempts = attempts + 1, next_attempt = NULL, failure = NULL, updated = ?"
                  + " WHERE vendor = ? AND media_key = ?",
              m.digest(),
              m.bytes(),
              m.width(),
              m.height(),
              now,
              vendor,
              m.mediaKey());
      case MirrorOutcome.Retry r ->
          c.update(
              "UPDATE media SET attempts = attempts + 1, next_attempt = ?, failure = ?,"
                  + " updated = ? WHERE vendor = ? AND media_key = ?",
              text(r.at()),
              r.reason(),
              now,
              vendor,
              r.mediaKey());
      case MirrorOutcome.Failed f ->
          c.update(
              "UPDATE media SET state = 'FAILED', attempts = attempts + 1, next_attempt = NULL,"
                  + " failure = ?, updated = ? WHERE vendor = ? AND media_key = ?",
              f.reason(),
              now,
              vendor,
              f.mediaKey());
    }
  }

  /**
   * The source size of a photo whose variants are on disk under {@code digest}, as recorded when it
   * was mirrored for any listing: a feed that repeats a picture is not decoded twice.
   */
  public Optional<int[]> dimensions(String digest) {
    return store.read(
        c -> {
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT width, height FROM media WHERE digest = ? AND state = 'MIRRORED'"
                      + " AND width IS NOT NULL AND height IS NOT NULL LIMIT 1")) {
            select.setString(1, digest);
            try (ResultSet rows = select.executeQuery()) {
              return rows.next()
                  ? Optional.of(new int[] {rows.getInt(1), rows.getInt(2)})
                  : Optional.empty();
            }
          }
        });
  }

  /**
   * The photos given up on, with their listing, source and reason, in listing order: the media
   * report.
   */
  public List<FailedPhoto> failures() {
    return store.read(
        c -> {
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT media_key, listing_key, source_url, failure, attempts FROM media"
                      + " WHERE vendor = ? AND state = 'FAILED' ORDER BY listing_key, position")) {
            select.setString(1, vendor);
            List<FailedPhoto> failed = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
              while (rows.next()) {
                failed.add(
                    new FailedPhoto(
                        rows.getString(1),
                        rows.getString(2),
                        rows.getString(3),
                        String.valueOf(rows.getString(4)),
                        rows.getInt(5)));
              }
            }
            return failed;
          }
        });
  }

  /** The photos of {@code listingKey} that have files, cover first. */
  public List<MirroredPhoto> photos(String listingKey) {
    return store.read(
        c -> {
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT media_key, position, digest, caption, width, height FROM media"
                      + LISTING_INDEX
                      + " WHERE vendor = ? AND listing_key = ? AND digest IS NOT NULL"
                      + " AND state IN ('MIRRORED', 'PENDING') ORDER BY position, media_key")) {
            select.setString(1, vendor);
            select.setString(2, listingKey);
            List<MirroredPhoto> photos = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
              while (rows.next()) {
                photos.add(
                    new MirroredPhoto(
                        rows.getString(1),
                        rows.getInt(2),
                        rows.getString(3),
                        Optional.ofNullable(rows.getString(4)),
                        optionalInt(rows, 5),
                        optionalInt(rows, 6)));
              }
            }
            return photos;
          }
        });
  }

  /** How many photos are in each state. */
  public Map<MediaState, Long> counts() {
    return store.read(
        c -> {
          Map<MediaState, Long> counts = new EnumMap<>(MediaState.class);
          for (MediaState state : MediaState.values()) {
            counts.put(state, 0L);
          }
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT state, COUNT(*) FROM media WHERE vendor = ? GROUP BY state")) {
            select.setString(1, vendor);
            try (ResultSet rows = select.executeQuery()) {
              while (rows.next()) {
                counts.put(MediaState.valueOf(rows.getString(1)), rows.getLong(2));
              }
            }
          }
          return counts;
        });
  }

  /**
   * Removes the photos gone before {@code before}; returns the digests that no photo of any vendor
   * uses any more, whose files may be deleted.
   */
  public Set<String> purgeGone(Instant before) {
    return store.write(
        c -> {
          Set<String> candidates = new HashSet<>();
          try (PreparedStatement select =
              c.prepareStatement(
                  "SELECT DISTINCT digest FROM media WHERE vendor = ? AND state = 'GONE'"
                      + " AND gone_since < ? AND digest IS NOT NULL")) {
            select.setString(1, vendor);
            select.setString(2, text(before));
            try (ResultSet rows = select.executeQuery()) {
              while (rows.next()) {
                candidates.add(rows.getString(1));
              }
            }
          }
          update(
              c,
              "DELETE FROM media WHERE vendor = ? AND state = 'GONE' AND gone_since < ?",
              vendor,
              text(before));
          Set<String> unused = new HashSet<>();
          try (PreparedStatement used =
              c.prepareStatement("SELECT 1 FROM media WHERE digest = ? LIMIT 1")) {
            for (String digest : candidates) {
              used.setString(1, digest);
              try (ResultSet rows = used.executeQuery()) {
                if (!rows.next()) {
                  unused.add(digest);
                }
              }
            }
          }
          return unused;
        });
  }

  private void upsert(Prepared c, MediaRecord photo) throws SQLException {
    PreparedStatement select =
        c.statement(
            "SELECT source_url, source_modified, state, digest, listing_key, position, caption,"
                + " listing_modified FROM media WHERE vendor = ? AND media_key = ?");
    select.setString(1, vendor);
    select.setString(2, photo.mediaKey());
    String modified = photo.sourceModified().map(MediaCatalog::text).orElse(null);
    String caption = photo.caption().orElse(null);
    String listingModified = text(photo.listingModified());
    boolean changed;
    String next;
    try (ResultSet rows = select.executeQuery()) {
      if (!rows.next()) {
        c.update(
            "INSERT INTO media (vendor, media_key, listing_key, position, source_url,"
                + " source_modified, caption, width, height, listing_modified, state, updated)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?)",
            vendor,
            photo.mediaKey(),
            photo.listingKey(),
            photo.position(),
            photo.sourceUrl(),
            modified,
            caption,
            photo.width().isPresent() ? photo.width().getAsInt() : null,
            photo.height().isPresent() ? photo.height().getAsInt() : null,
            listingModified,
            now());
        return;
      }
      String state = rows.getString(3);
      boolean hasFiles = rows.getString(4) != null;
      changed =
          !rows.getString(1).equals(photo.sourceUrl())
              || !Objects.equals(rows.getString(2), modified);
      if (!changed
          && !state.equals("GONE")
          && photo.listingKey().equals(rows.getString(5))
          && photo.position() == rows.getInt(6)
          && Objects.equals(caption, rows.getString(7))
          && listingModified.equals(rows.getString(8))) {
        return; // as the catalog has it: a feed read again changes nothing
      }
      next =
          changed ? "PENDING" : state.equals("GONE") ? (hasFiles ? "MIRRORED" : "PENDING") : state;
    }
    c.update(
        "UPDATE media SET listing_key = ?, position = ?, source_url = ?, source_modified = ?,"
            + " caption = ?, listing_modified = ?, state = ?, gone_since = NULL,"
            + " attempts = CASE WHEN ? THEN 0 ELSE attempts END,"
            + " next_attempt = CASE WHEN ? THEN NULL ELSE next_attempt END,"
            + " failure = CASE WHEN ? THEN NULL ELSE failure END, updated = ?"
            + " WHERE vendor = ? AND media_key = ?",
        photo.listingKey(),
        photo.position(),
        photo.sourceUrl(),
        modified,
        caption,
        listingModified,
        next,
        changed,
        changed,
        changed,
        now(),
        vendor,
        photo.mediaKey());
  }

  private Void setGone(Connection c, String where, String value) throws SQLException {
    try (Prepared prepared = new Prepared(c)) {
      return setGone(prepared, where, value);
    }
  }

  private Void setGone(Prepared c, String where, String value) throws SQLException {
    c.update(
        "UPDATE media"
            + (where.startsWith("listing_key") ? LISTING_INDEX : "")
            + " SET state = 'GONE', gone_since = ?, updated = ? WHERE vendor = ? AND "
            + where
            + " AND state <> 'GONE'",
        now(),
        now(),
        vendor,
        value);
    return null;
  }

  private static int update(Connection c, String sql, Object... values) throws SQLException {
    try (Prepared prepared = new Prepared(c)) {
      return prepared.update(sql, values);
    }
  }

  /**
   * The statements of one transaction, each prepared once: registering a feed's photos runs the
   * same few statements tens of thousands of times.
   */
  private static final class Prepared implements AutoCloseable {
    private final Connection connection;
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    Prepared(Connection connection) {
      this.connection = connection;
    }

    PreparedStatement statement(String sql) throws SQLException {
      PreparedStatement statement = statements.get(sql);
      if (statement == null) {
        statement = connection.prepareStatement(sql);
        statements.put(sql, statement);
      }
      return statement;
    }

    int update(String sql, Object... values) throws SQLException {
      PreparedStatement statement = statement(sql);
      for (int i = 0; i < values.length; i++) {
        Object value = values[i];
        if (value == null) {
          statement.setNull(i + 1, Types.NULL);
        } else if (value instanceof Boolean b) {
          statement.setInt(i + 1, b ? 1 : 0);
        } else {
          statement.setObject(i + 1, value);
        }
      }
      return statement.executeUpdate();
    }

    @Override
    public void close() throws SQLException {
      for (PreparedStatement statement : statements.values()) {
        statement.close();
      }
    }
  }

  private static OptionalInt optionalInt(ResultSet rows, int column) throws SQLException {
    int value = rows.getInt(column);
    return rows.wasNull() ? OptionalInt.empty() : OptionalInt.of(value);
  }

  /**
   * An instant as stored: UTC with microseconds, fixed width, so that SQLite's text order is time
   * order ({@code Instant.toString} drops zero fractions, and "00.5Z" would sort before "00Z").
   */
  static String text(Instant instant) {
    return STORED.format(instant);
  }

  private static final java.time.format.DateTimeFormatter STORED =
      java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSX")
          .withZone(java.time.ZoneOffset.UTC);

  private String now() {
    return text(clock.instant());
  }
}
