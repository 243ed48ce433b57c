package io.keybox.state.media;

import io.keybox.state.StateStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How far mirroring got, per vendor, read from the catalog in two aggregate queries: what the
 * server reports in {@code /-/metrics} and {@code /-/health} (the indexer, another process, fills
 * the catalog; the server only reads it). Read-only.
 */
public final class MediaSummary {
  private MediaSummary() {}

  /**
   * One vendor's photos.
   *
   * @param vendor the vendor
   * @param photos photos by state
   * @param failed the {@link MediaState#FAILED} ones by why
   * @param bytesOnDisk the bytes of the variants the catalog's photos use, a picture that several
   *     photos share counted once (files of gone photos included until they are deleted)
   */
  public record Vendor(
      String vendor,
      Map<MediaState, Long> photos,
      Map<FailureKind, Long> failed,
      long bytesOnDisk) {
    public Vendor {
      Objects.requireNonNull(vendor, "vendor");
      photos = Map.copyOf(photos);
      failed = Map.copyOf(failed);
    }

    /** The photos in {@code state}. */
    public long count(MediaState state) {
      return photos.getOrDefault(state, 0L);
    }
  }

  /** Every vendor that has photos in the catalog, by name. */
  public static List<Vendor> read(StateStore store) {
    return store.read(
        c -> {
          Map<String, Map<MediaState, Long>> photos = new TreeMap<>();
          Map<String, Map<FailureKind, Long>> failed = new TreeMap<>();
          try (PreparedStatement select =
                  c.prepareStatement(
                      "SELECT vendor, state, CASE WHEN state = 'FAILED' THEN failure END,"
                          + " COUNT(*) FROM media GROUP BY 1, 2, 3");
              ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
              String vendor = rows.getString(1);
              MediaState state = MediaState.valueOf(rows.getString(2));
              long count = rows.getLong(4);
              photos
                  .computeIfAbsent(vendor, v -> new EnumMap<>(MediaState.class))
                  .merge(state, count, Long::sum);
              if (state == MediaState.FAILED) {
                failed
                    .computeIfAbsent(vendor, v -> new EnumMap<>(FailureKind.class))
                    .merge(FailureKind.of(rows.getString(3)), count, Long::sum);
              }
            }
          }
          Map<String, Long> bytes = new TreeMap<>();
          try (PreparedStatement select =
                  c.prepareStatement(
                      "SELECT vendor, SUM(size) FROM (SELECT vendor, MAX(bytes) AS size FROM media"
                          + " WHERE digest IS NOT NULL GROUP BY vendor, digest) GROUP BY vendor");
              ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
              bytes.put(rows.getString(1), rows.getLong(2));
            }
          }
          List<Vendor> vendors = new ArrayList<>();
          for (Map.Entry<String, Map<MediaState, Long>> vendor : photos.entrySet()) {
            vendors.add(
                new Vendor(
                    vendor.getKey(),
                    vendor.getValue(),
                    failed.getOrDefault(vendor.getKey(), Map.of()),
                    bytes.getOrDefault(vendor.getKey(), 0L)));
          }
          return vendors;
        });
  }
}
