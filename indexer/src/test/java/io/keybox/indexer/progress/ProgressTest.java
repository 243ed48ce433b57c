package io.keybox.indexer.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

final class ProgressTest {
  private static final long SECOND = 1_000_000_000L;

  private final AtomicLong now = new AtomicLong(5 * SECOND);
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aLogGetsOneLineEveryTenSecondsWithBytesOfTheTotalRateAndTimeLeft() {
    Progress progress = new Progress("keybox index", Progress.Style.LOG, out, now::get);
    progress.total(2_000_000);
    progress.records(400);
    progress.bytes(100_000);
    now.addAndGet(9 * SECOND);
    progress.records(400);
    assertEquals("", printed());
    now.addAndGet(SECOND);
    progress.bytes(400_000);
    assertEquals(
        "keybox index: 800 records, 0.5 MB of 2.0 MB (25%), 80 records/s, ETA 0:30\n", printed());
    now.addAndGet(5 * SECOND);
    progress.records(100);
    progress.finish();
    assertEquals(
        "keybox index: 800 records, 0.5 MB of 2.0 MB (25%), 80 records/s, ETA 0:30\n", printed());
  }

  @Test
  void aTerminalGetsOneLineRedrawnInPlaceAndClearedAtTheEnd() {
    Progress progress = new Progress("keybox pull", Progress.Style.TERMINAL, out, now::get);
    progress.records(1000);
    now.addAndGet(SECOND);
    progress.records(1000);
    now.addAndGet(SECOND);
    progress.records(20_000);
    progress.finish();
    String first = "keybox pull: 2000 records, 2000 records/s";
    String second = "keybox pull: 22000 records, 11000 records/s";
    assertEquals(
        "\r" + first + "\r" + second + "\r" + " ".repeat(second.length()) + "\r", printed());
  }

  @Test
  void quietReportsNothing() {
    Progress progress = new Progress("keybox index", Progress.Style.OFF, out, now::get);
    progress.records(10);
    now.addAndGet(60 * SECOND);
    progress.records(10);
    progress.finish();
    assertEquals("", printed());
    assertEquals(Progress.Style.OFF, Progress.Style.of(true, true));
    assertEquals(Progress.Style.TERMINAL, Progress.Style.of(true, false));
    assertEquals(Progress.Style.LOG, Progress.Style.of(false, false));
  }
}
