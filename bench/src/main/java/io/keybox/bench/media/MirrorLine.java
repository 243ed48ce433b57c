package io.keybox.bench.media;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line {@code keybox index} prints after mirroring a vendor's photos, e.g. {@code index: vendor
 * houston: photos: 1234 mirrored, 0 failed, 0 to retry later, 56.7 MB downloaded, 300 listings
 * updated in 1 commits, 0 deleted, 12.3 s}: what the mirror rate is computed from.
 *
 * @param mirrored photos mirrored (each stored in every width of the variants)
 * @param failed photos given up on
 * @param later photos left for a later run
 * @param megabytes the sources' megabytes read
 * @param seconds the photo phase's wall time
 */
public record MirrorLine(long mirrored, long failed, long later, double megabytes, double seconds) {
  private static final Pattern LINE =
      Pattern.compile(
          "photos: (\\d+) mirrored, (\\d+) failed, (\\d+) to retry later, ([0-9.]+) MB"
              + " downloaded, .*, ([0-9.]+) s$");

  /**
   * The last photo line among {@code lines} (the indexer's output), if it printed one: a log kept
   * from earlier runs holds theirs before it.
   */
  public static Optional<MirrorLine> find(List<String> lines) {
    for (String line : lines.reversed()) {
      Matcher m = LINE.matcher(line.strip());
      if (m.find()) {
        return Optional.of(
            new MirrorLine(
                Long.parseLong(m.group(1)),
                Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)),
                Double.parseDouble(m.group(4)),
                Double.parseDouble(m.group(5))));
      }
    }
    return Optional.empty();
  }

  /** Photos mirrored per second of the photo phase. */
  public double photosPerSecond() {
    return mirrored / Math.max(1e-9, seconds);
  }

  /**
   * How the report states it. A photo counts once whatever it cost: its {@code variants} widths
   * resized and written, or, for a picture already mirrored for another listing, found by its
   * digest.
   */
  public String describe(int variants, int cores) {
    return String.format(
        Locale.ROOT,
        "%,d photos in %.1f s (each with its %d variants made or found): %.0f photos/s, %.0f"
            + " photos/s per core (%d cores); %.1f MB read; %d failed, %d left for later",
        mirrored,
        seconds,
        variants,
        photosPerSecond(),
        photosPerSecond() / cores,
        cores,
        megabytes,
        failed,
        later);
  }
}
