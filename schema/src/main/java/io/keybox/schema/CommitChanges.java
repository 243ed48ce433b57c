package io.keybox.schema;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which listings a commit changed, recorded by the indexer in the commit's user data beside {@link
 * CommitData}: the mlsIds it added, rewrote, removed, or whose open houses it changed, and the
 * generation of the commit they are relative to. A reader that saw that commit knows exactly which
 * listings to look at; one that did not (it missed a commit) must look at them all.
 *
 * <p>The ids are stored sorted, as variable-length deltas in Base64: a few bytes a listing, so even
 * a full rebuild that touches every listing of a large vendor stays a small part of the commit.
 *
 * @param since the generation of the commit these changes are relative to
 * @param mlsIds the changed listings, sorted, without duplicates
 */
public record CommitChanges(long since, long[] mlsIds) {
  private static final String SINCE = "keybox.changed.since";
  private static final String IDS = "keybox.changed";

  public CommitChanges {
    mlsIds = Arrays.stream(mlsIds).sorted().distinct().toArray();
  }

  /** The user data entries holding this record. */
  public Map<String, String> toUserData() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(mlsIds.length * 2 + 8);
    long previous = 0;
    for (long id : mlsIds) {
      long delta = id - previous;
      previous = id;
      while ((delta & ~0x7FL) != 0) {
        bytes.write((int) ((delta & 0x7F) | 0x80));
        delta >>>= 7;
      }
      bytes.write((int) delta);
    }
    Map<String, String> data = new HashMap<>();
    data.put(SINCE, Long.toString(since));
    data.put(IDS, Base64.getEncoder().withoutPadding().encodeToString(bytes.toByteArray()));
    return data;
  }

  /** The record in {@code userData}; empty when the commit records none, or an unreadable one. */
  public static Optional<CommitChanges> fromUserData(Map<String, String> userData) {
    String since = userData.get(SINCE);
    String ids = userData.get(IDS);
    if (since == null || ids == null) {
      return Optional.empty();
    }
    try {
      byte[] bytes = Base64.getDecoder().decode(ids);
      long[] mlsIds = new long[bytes.length];
      int count = 0;
      long previous = 0;
      int i = 0;
      while (i < bytes.length) {
        long delta = 0;
        int shift = 0;
        byte b;
        do {
          b = bytes[i++];
          delta |= (long) (b & 0x7F) << shift;
          shift += 7;
        } while (b < 0 && i < bytes.length);
        previous += delta;
        mlsIds[count++] = previous;
      }
      return Optional.of(new CommitChanges(Long.parseLong(since), Arrays.copyOf(mlsIds, count)));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CommitChanges other
        && since == other.since
        && Arrays.equals(mlsIds, other.mlsIds);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(since) * 31 + Arrays.hashCode(mlsIds);
  }

  @Override
  public String toString() {
    return "CommitChanges[since " + since + ", " + mlsIds.length + " listings]";
  }
}
