package io.keybox.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ServerStartsTest {
  @Test
  void theTargetIsHeldByTheStartRunShMakesWithTheStartWithoutAnArchiveBesideIt() {
    TargetCheck quick =
        new ServerStarts(OptionalDouble.of(1_120), true, OptionalDouble.of(2_140)).check();
    assertEquals(
        "1.12 s with the class-data archive; 2.14 s restarted without one", quick.measured());
    assertEquals("holds", quick.verdict());

    TargetCheck slow =
        new ServerStarts(OptionalDouble.of(2_010), true, OptionalDouble.of(1_900)).check();
    assertEquals("FAILS", slow.verdict());
  }

  @Test
  void aStartWithoutTheArchiveSaysSo() {
    ServerStarts none = new ServerStarts(OptionalDouble.of(1_800), false, OptionalDouble.of(1_750));
    assertEquals("1.80 s without a class-data archive; 1.75 s restarted", none.text());
    assertEquals("holds", none.check().verdict());

    ServerStarts noRestart =
        new ServerStarts(OptionalDouble.of(2_050), false, OptionalDouble.empty());
    assertEquals("2.05 s without a class-data archive", noRestart.text());
    assertEquals("FAILS", noRestart.check().verdict());
  }

  @Test
  void withoutAStartThereIsNoVerdict() {
    assertEquals("not measured", ServerStarts.NONE.text());
    assertEquals("not measured", ServerStarts.NONE.check().verdict());
  }
}
