package io.keybox.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CpuPinningTest {
  @Test
  void tasksetSetsTheCpuListOfEveryThreadOfTheProcess() {
    assertEquals(
        List.of("taskset", "--all-tasks", "--pid", "--cpu-list", "0", "4242"),
        CpuPinning.command(4242, "0"));
  }

  @Test
  void unpinningGivesBackEveryCore() {
    assertEquals("0-1", CpuPinning.allCpus(2));
    assertEquals("0-7", CpuPinning.allCpus(8));
    assertEquals("0", CpuPinning.allCpus(1));
  }

  @Test
  void oneCoreCannotPinAndSaysWhy() {
    StringBuilder why = new StringBuilder();
    assertTrue(CpuPinning.available(1, why).isEmpty());
    assertEquals("--pin needs 2 cores, this machine has 1", why.toString());
  }
}
