package io.keybox.indexer.progress;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Reports how far a long run is: records done, bytes read of the total when it is known, the rate
 * and the time left. On a terminal it redraws one line (at most once a second) and clears it when
 * the run ends, so the run's own summary line is printed as before; otherwise (a log, a pipe) it
 * writes one line every ten seconds. Thread-safe: the parsing threads and the reader may all call
 * it.
 *
 * <pre>
 * Progress progress = new Progress("keybox index", Progress.Style.of(System.console() != null),
 *     System.err, System::nanoTime);
 * progress.total(Files.size(dump));
 * ... progress.add(batch.size(), 0); progress.bytes(read); ...
 * progress.finish();
 * </pre>
 */
public final class Progress {
  /** How progress shows. */
  public enum Style {
    /** One line redrawn in place. */
    TERMINAL,
    /** A line every ten seconds. */
    LOG,
    /** Nothing ({@code --quiet}). */
    OFF;

    /** TERMINAL on a terminal, else LOG; OFF when {@code quiet}. */
    public static Style of(boolean terminal, boolean quiet) {
      return quiet ? OFF : terminal ? TERMINAL : LOG;
    }
  }

  static final long REDRAW_NANOS = 1_000_000_000L;
  static final long LOG_NANOS = 10_000_000_000L;

  private final String prefix;
  private final Style style;
  private final PrintStream out;
  private final LongSupplier nanos;
  private final long started;
  private long nextReport;
  private long records;
  private long bytes;
  private long totalBytes = -1;
  private long totalRecords = -1;
  private int drawn;

  /**
   * @param prefix the start of every line, e.g. {@code keybox index}
   * @param out where the lines go (the command's error stream, so its output stays the summary)
   * @param nanos the clock, {@code System::nanoTime} outside tests
   */
  public Progress(String prefix, Style style, PrintStream out, LongSupplier nanos) {
    this.prefix = Objects.requireNonNull(prefix, "prefix");
    this.style = Objects.requireNonNull(style, "style");
    this.out = Objects.requireNonNull(out, "out");
    this.nanos = Objects.requireNonNull(nanos, "nanos");
    this.started = nanos.getAsLong();
    this.nextReport = started + (style == Style.TERMINAL ? REDRAW_NANOS : LOG_NANOS);
  }

  /** A progress that reports nothing. */
  public static Progress off() {
    return new Progress("", Style.OFF, System.err, () -> 0);
  }

  /** The bytes the run will read in all, when known. */
  public synchronized void total(long bytes) {
    totalBytes = bytes;
  }

  /**
   * Adds {@code count} records to the records the run will do in all (a pull learns each resource's
   * count from its first page); with no byte total, progress shows records of this total and the
   * time left by them.
   */
  public synchronized void totalRecords(long count) {
    totalRecords = Math.max(0, totalRecords) + count;
  }

  /** Adds {@code count} records done. */
  public synchronized void records(long count) {
    records += count;
    maybeReport();
  }

  /** Adds {@code count} bytes read. */
  public synchronized void bytes(long count) {
    bytes += count;
    maybeReport();
  }

  /** Ends the report: clears the terminal line, so what follows starts on a clean line. */
  public synchronized void finish() {
    if (style == Style.TERMINAL && drawn > 0) {
      out.print("\r" + " ".repeat(drawn) + "\r");
      out.flush();
      drawn = 0;
    }
  }

  private void maybeReport() {
    if (style == Style.OFF) {
      return;
    }
    long now = nanos.getAsLong();
    if (now - nextReport < 0) {
      return;
    }
    nextReport = now + (style == Style.TERMINAL ? REDRAW_NANOS : LOG_NANOS);
    String line = line(now);
    if (style == Style.TERMINAL) {
      out.print("\r" + line + " ".repeat(Math.max(0, drawn - line.length())));
      drawn = line.length();
    } else {
      out.println(line);
    }
    out.flush();
  }

  /** The report at {@code now}: records, bytes (of the total), rate, time left. */
  String line(long now) {
    double seconds = Math.max(now - started, 1) / 1e9;
    StringBuilder line = new StringBuilder(prefix).append(": ").append(records);
    boolean byRecords = totalRecords > 0 && totalBytes <= 0;
    if (byRecords) {
      line.append(" of ")
          .append(totalRecords)
          .append(
              String.format(
                  Locale.ROOT, " records (%d%%)", Math.min(100, records * 100 / totalRecords)));
    } else {
      line.append(" records");
    }
    if (bytes > 0 || totalBytes > 0) {
      line.append(", ").append(megabytes(bytes));
      if (totalBytes > 0) {
        line.append(" of ")
            .append(megabytes(totalBytes))
            .append(String.format(Locale.ROOT, " (%d%%)", Math.min(100, bytes * 100 / totalBytes)));
      }
    }
    line.append(String.format(Locale.ROOT, ", %.0f records/s", records / seconds));
    if (totalBytes > 0 && bytes > 0 && bytes < totalBytes) {
      long left = (long) ((totalBytes - bytes) / (bytes / seconds));
      line.append(String.format(Locale.ROOT, ", ETA %d:%02d", left / 60, left % 60));
    } else if (byRecords && records > 0 && records < totalRecords) {
      long left = (long) ((totalRecords - records) / (records / seconds));
      line.append(String.format(Locale.ROOT, ", ETA %d:%02d", left / 60, left % 60));
    }
    return line.toString();
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
