package io.keybox.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.app.cli.CommandFailure;
import io.keybox.indexer.build.BuildReport;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.Reject;
import io.keybox.indexer.build.UnreadableDumpException;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.media.MediaMirror;
import io.keybox.indexer.progress.Progress;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * One index run as {@code keybox index} and {@code keybox pull} do it: every guard of the builder,
 * the first rejects on the error stream, the one summary line, the untyped-listings warning, and
 * the failures worded as one line each. The pull indexes its dumps through here so both commands
 * refuse, count and report alike.
 *
 * @param command the command's name in its lines, {@code keybox index} or {@code keybox pull}
 * @param incremental apply the dumps as upserts, else rebuild the vendor's state
 * @param force publish what the guards of a full run refuse
 * @param threads parsing threads
 * @param quiet no progress reports
 * @param media what the run does with listings' photos ({@code --media} and the mirror's options)
 * @param freshUrls where the mirror asks again for a photo URL the server refused (a pull asks the
 *     MLS; a dump has nowhere to ask)
 */
record IndexRun(
    String command,
    boolean incremental,
    boolean force,
    int threads,
    boolean quiet,
    MediaOptions media,
    MediaMirror.FreshUrls freshUrls) {
  /**
   * Lucene logs at start whether the vector API is there (a warning when not, as the indexer runs
   * without it); the indexer searches no vectors, and a run's output is its own one-line summary or
   * error. Held here: the logging framework keeps its loggers only weakly.
   */
  private static final Logger LUCENE_VECTORIZATION =
      Logger.getLogger("org.apache.lucene.internal.vectorization");

  /** Silences Lucene's start-up line about the vector API (see above). */
  static void quietLucene() {
    LUCENE_VECTORIZATION.setLevel(Level.OFF);
  }

  /**
   * Indexes {@code dumps} into {@code layout} and prints the summary.
   *
   * @return the published report
   * @throws CommandFailure when the run is refused, a dump is unreadable, or I/O fails
   */
  BuildReport run(VendorLayout layout, FeedDumps dumps, FeedFormat format, Console console) {
    PrintStream err = console.err();
    long started = System.nanoTime();
    Progress progress = progress(command, quiet, console);
    try (PhotoRun photos = PhotoRun.open(media, layout)) {
      progress.total(Files.size(dumps.listings()));
      VendorIndexBuilder builder =
          new VendorIndexBuilder(
              new ObjectMapper(), Clock.systemUTC(), threads, progress, photos.photos());
      BuildReport report;
      try {
        report =
            incremental
                ? builder.update(layout, dumps, format)
                : builder.rebuild(layout, dumps, format, force);
      } finally {
        progress.finish();
      }
      for (Reject reject : report.rejects().subList(0, Math.min(5, report.rejects().size()))) {
        err.println(
            command
                + ": rejected "
                + reject.dump()
                + " line "
                + reject.line()
                + ": "
                + reject.reason());
      }
      if (!report.published()) {
        throw CommandFailure.badInput(report.refusal(), null);
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      String others =
          incremental
              ? String.format(
                  "%d open houses written, %d removed with their listing, %d agents written",
                  report.openHouses(), report.openHousesRemoved(), report.agents())
              : String.format("%d open houses, %d agents", report.openHouses(), report.agents());
      // An incremental run's work is the records it read (deletes too), not what it wrote.
      String rate =
          incremental
              ? String.format("%.0f records/s", report.read() / Math.max(seconds, 1e-9))
              : String.format("%.0f listings/s", report.listings() / Math.max(seconds, 1e-9));
      console
          .out()
          .printf(
              "%s: vendor %s: %d listings written, %d removed, %s,"
                  + " %d rejected (see %s)%s, %.1f s, %s%n",
              command,
              layout.vendor(),
              report.listings(),
              report.deleted(),
              others,
              report.rejects().size(),
              layout.rejects(),
              (report.superseded() > 0 ? ", " + report.superseded() + " superseded" : "")
                  + (report.hidden() > 0 ? ", " + report.hidden() + " hidden (MlgCanView)" : ""),
              seconds,
              rate);
      if (report.untyped() > 0) {
        err.println(
            command
                + ": warning: "
                + report.untyped()
                + " listings have no property type: they are indexed, but no search finds them");
      }
      photos.mirror(command, layout, console, quiet, freshUrls);
      return report;
    } catch (UnreadableDumpException e) {
      throw CommandFailure.badInput(e.getMessage() + "; the current index is unchanged", e);
    } catch (LockObtainFailedException e) {
      throw CommandFailure.failure(
          "another indexer is writing vendor " + layout.vendor() + "; wait for it to finish", e);
    } catch (CommandFailure e) {
      throw e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw CommandFailure.failure(command + ": interrupted", e);
    } catch (IOException | RuntimeException e) {
      throw CommandFailure.failure(FailureAdvice.line(e, layout), e);
    }
  }

  /**
   * The progress report of a run writing to {@code console}: one redrawn line when its error stream
   * is the process's own and a terminal, else a line every ten seconds; none when quiet.
   */
  static Progress progress(String command, boolean quiet, Console console) {
    boolean terminal = console.err() == System.err && isTerminal();
    return new Progress(
        command, Progress.Style.of(terminal, quiet), console.err(), System::nanoTime);
  }

  /**
   * Whether the process runs on a terminal. Since JDK 22 {@code System.console()} is there even
   * when the streams are redirected, and {@code Console.isTerminal()} tells; the language level is
   * 21, so it is looked up by name.
   */
  private static boolean isTerminal() {
    java.io.Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      Method isTerminal = java.io.Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }
}
