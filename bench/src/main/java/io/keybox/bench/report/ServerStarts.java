package io.keybox.bench.report;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The server's measured starts, each from starting its JVM to its first answered search on the
 * existing index.
 *
 * @param firstMillis the first start, as {@code ./run.sh serve} starts the server: with the
 *     class-data archive run.sh trained for the build, when run.sh ran the bench; empty when Keybox
 *     did not run
 * @param firstArchived whether the first start's JVM mapped that archive
 * @param withoutArchiveMillis a restart after the run without an archive, as a server started
 *     without run.sh (or with an archive made for another JDK); empty with {@code --profile}, whose
 *     recording it would overwrite, or when it failed
 */
public record ServerStarts(
    OptionalDouble firstMillis, boolean firstArchived, OptionalDouble withoutArchiveMillis) {

  /** No start measured: Keybox did not run. */
  public static final ServerStarts NONE =
      new ServerStarts(OptionalDouble.empty(), false, OptionalDouble.empty());

  /** The first start: {@code millis}, with an archive mapped or not. */
  public static ServerStarts first(double millis, boolean archived) {
    return new ServerStarts(OptionalDouble.of(millis), archived, OptionalDouble.empty());
  }

  /** These starts and the restart without an archive, of {@code millis}. */
  public ServerStarts withRestartWithoutArchive(double millis) {
    return new ServerStarts(firstMillis, firstArchived, OptionalDouble.of(millis));
  }

  /** The target for the start, in milliseconds. */
  static final double TARGET_MILLIS = 2_000;

  /**
   * The starts in words: "1.12 s with the class-data archive; 1.95 s restarted without one", "1.80
   * s without a class-data archive; 1.75 s restarted", or "not measured".
   */
  public String text() {
    if (firstMillis.isEmpty()) {
      return "not measured";
    }
    String first =
        String.format(
            Locale.ROOT,
            "%.2f s %s",
            firstMillis.getAsDouble() / 1000,
            firstArchived ? "with the class-data archive" : "without a class-data archive");
    if (withoutArchiveMillis.isEmpty()) {
      return first;
    }
    return String.format(
        Locale.ROOT,
        "%s; %.2f s restarted%s",
        first,
        withoutArchiveMillis.getAsDouble() / 1000,
        firstArchived ? " without one" : "");
  }

  /**
   * The start target, held by the first start: run by run.sh, the one every {@code ./run.sh serve}
   * makes. The start without an archive, which the target held too before the build trained an
   * archive, is reported beside it.
   */
  TargetCheck check() {
    return TargetCheck.asWritten(
        "server start on an existing index (to the first answered search)",
        "<= 2 s",
        text(),
        firstMillis.isPresent() ? firstMillis.getAsDouble() <= TARGET_MILLIS : null);
  }
}
