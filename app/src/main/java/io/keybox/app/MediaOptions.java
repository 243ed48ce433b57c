package io.keybox.app;

import io.keybox.app.cli.ByteSizeConverter;
import io.keybox.app.cli.DurationConverter;
import io.keybox.app.cli.DurationRange;
import io.keybox.app.cli.Range;
import io.keybox.indexer.media.MediaMirror;
import io.keybox.indexer.media.MediaMode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The photo options of an index run that {@code index} and {@code pull} share, declared once: what
 * to do with listings' photos ({@code --media}) and how the mirror downloads them.
 */
final class MediaOptions {
  @Option(
      names = "--media",
      paramLabel = "MODE",
      defaultValue = "mirror",
      converter = ModeConverter.class,
      description =
          "mirror (download each photo once and serve it resized from /media), link (serve the"
              + " feed's own photo URLs: only where the MLS allows hot-linking) or off (no"
              + " photos) (default: ${DEFAULT-VALUE})")
  MediaMode mode;

  @Option(
      names = "--media-max-rps",
      paramLabel = "N",
      defaultValue = "2",
      converter = RateConverter.class,
      description =
          "photo downloads started per second from a web server, across threads; files (file:"
              + " URLs) are read unpaced (default: ${DEFAULT-VALUE}, MLS Grid's limit)")
  double maxRps;

  @Option(
      names = "--media-threads",
      paramLabel = "N",
      defaultValue = "4",
      description = "photos downloaded and resized at once (default: ${DEFAULT-VALUE})")
  @Range(min = 1, max = 64)
  int threads;

  @Option(
      names = "--media-max-bytes",
      paramLabel = "SIZE",
      defaultValue = "25m",
      converter = ByteSizeConverter.class,
      description =
          "the largest photo file downloaded; a larger one is skipped with its reason"
              + " (default: ${DEFAULT-VALUE})")
  long maxBytes;

  @Option(
      names = "--media-commit-every",
      paramLabel = "DURATION",
      defaultValue = "2m",
      converter = DurationConverter.class,
      description =
          "how often the photos mirrored so far are published while photos arrive"
              + " (default: ${DEFAULT-VALUE})")
  @DurationRange(minMillis = 1000)
  Duration commitEvery;

  @Option(
      names = "--media-keep-days",
      paramLabel = "DAYS",
      defaultValue = "7",
      description =
          "days the photos of a listing gone from the index are kept before they are deleted"
              + " (default: ${DEFAULT-VALUE})")
  @Range(min = 0, max = 3650)
  int keepDays;

  @Option(
      names = "--media-header",
      paramLabel = "'NAME: VALUE'",
      description =
          "a header every photo download sends, as a provider may require (repeatable; default:"
              + " none)")
  List<String> headers = List.of();

  /** The mirror's settings. */
  MediaMirror.Settings mirrorSettings() {
    Map<String, String> parsed = new LinkedHashMap<>();
    for (String header : headers) {
      int colon = header.indexOf(':');
      if (colon < 1) {
        throw new IllegalArgumentException("--media-header: '" + header + "' is not 'NAME: VALUE'");
      }
      parsed.put(header.substring(0, colon).strip(), header.substring(colon + 1).strip());
    }
    return new MediaMirror.Settings(maxRps, threads, maxBytes, parsed);
  }

  /** {@code --media}'s values. */
  static final class ModeConverter implements ITypeConverter<MediaMode> {
    @Override
    public MediaMode convert(String value) {
      for (MediaMode mode : MediaMode.values()) {
        if (mode.optionValue().equals(value.strip().toLowerCase(Locale.ROOT))) {
          return mode;
        }
      }
      throw new TypeConversionException(
          "unknown value '" + value + "'; allowed: mirror, link, off");
    }
  }

  /** {@code --media-max-rps}: a rate above 0, at most 1,000. */
  static final class RateConverter implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      try {
        double rate = Double.parseDouble(value.strip());
        if (rate > 0 && rate <= 1000) {
          return rate;
        }
      } catch (NumberFormatException e) {
        // worded below
      }
      throw new TypeConversionException(
          "'" + value + "' is no rate; give requests per second above 0, at most 1000 (e.g. 2)");
    }
  }
}
