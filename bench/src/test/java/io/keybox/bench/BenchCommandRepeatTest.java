package io.keybox.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code --repeat}, {@code --pin}, {@code --chart} and the four systems of a full run. */
class BenchCommandRepeatTest {
  private static BenchOptions parse(String... args) {
    return BenchCommandRateTest.parse(args);
  }

  @Test
  void aFullRunRepeatsEachClassThreeTimesTheQuickRunOnce() {
    assertEquals(3, parse().repeat());
    assertEquals(1, parse("--quick").repeat());
    assertEquals(5, parse("--repeat", "5").repeat());
    assertEquals(2, parse("--quick", "--repeat", "2").repeat());
  }

  @Test
  void aRepeatCountOutside1To100IsAUsageError() {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    // Range checks run before the command: an out-of-range count never starts a run.
    assertEquals(1, BenchMain.run(new String[] {"--repeat", "0"}, quiet, quiet));
    assertEquals(1, BenchMain.run(new String[] {"--repeat", "101"}, quiet, quiet));
    assertThrows(ParameterException.class, () -> parse("--repeat", "many"));
  }

  @Test
  void alertsAreOffUnlessAskedAndTakeUpTo10000Searches() {
    assertEquals(0, parse().alertsSearches());
    assertEquals(500, parse("--alerts", "500").alertsSearches());
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    assertEquals(1, BenchMain.run(new String[] {"--alerts", "-1"}, quiet, quiet));
    assertEquals(1, BenchMain.run(new String[] {"--alerts", "10001"}, quiet, quiet));
  }

  @Test
  void pinIsOffUnlessAsked() {
    assertFalse(parse().pin());
    assertTrue(parse("--pin").pin());
  }

  @Test
  void aFullRunComparesFourSystemsAndOpenSearchCanBeChosen() {
    assertEquals(
        EnumSet.of(
            SystemName.KEYBOX, SystemName.LUCENE, SystemName.POSTGRES, SystemName.OPENSEARCH),
        parse().systems());
    assertEquals(Set.of(SystemName.KEYBOX, SystemName.LUCENE), parse("--quick").systems());
    assertEquals(
        Set.of(SystemName.KEYBOX, SystemName.OPENSEARCH),
        parse("--systems", "keybox,opensearch").systems());
  }

  @Test
  void theHelpDocumentsEveryOption() {
    String help = new CommandLine(new BenchCommand(System.out, System.err)).getUsageMessage();
    for (String option :
        new String[] {
          "--listings", "--clients", "--rate", "--duration", "--warmup", "--systems", "--rounds",
          "--out", "--quick", "--seed", "--classes", "--work-dir", "--profile", "--server-heap",
          "--gzip", "--reuse-index", "--chart", "--repeat", "--pin", "--alerts", "--help"
        }) {
      assertTrue(help.contains(option), option + " in:\n" + help);
    }
    assertTrue(help.contains("keybox,lucene,postgres,opensearch"), help);
  }
}
