package io.keybox.bench.media;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MirrorLineTest {
  @Test
  void readsTheIndexersPhotoLineAmongItsOtherLines() {
    List<String> printed =
        List.of(
            "index: vendor houston: 20000 listings indexed in 9.1 s",
            "index: vendor houston: photos: 1234 mirrored, 5 failed, 6 to retry later, 56.7 MB"
                + " downloaded, 300 listings updated in 2 commits, 0 deleted, 12.5 s",
            "done");
    MirrorLine line = MirrorLine.find(printed).orElseThrow();
    assertEquals(new MirrorLine(1234, 5, 6, 56.7, 12.5), line);
    assertEquals(98.72, line.photosPerSecond(), 1e-9);
  }

  @Test
  void describesTheRateWithVariantsAndPerCore() {
    // 1,000 photos in 4 s: 250/s, 125/s per core of 2.
    assertEquals(
        "1,000 photos in 4.0 s (each with its 3 variants made or found): 250 photos/s, 125"
            + " photos/s per core (2 cores); 10.0 MB read; 0 failed, 0 left for later",
        new MirrorLine(1000, 0, 0, 10.0, 4.0).describe(3, 2));
  }

  @Test
  void takesTheLastRunsLineFromALogThatKeepsEarlierRuns() {
    List<String> printed =
        List.of(
            "index: vendor houston: photos: 10 mirrored, 0 failed, 0 to retry later, 1.0 MB"
                + " downloaded, 2 listings updated in 1 commits, 0 deleted, 2.0 s",
            "index: vendor houston: photos: 30 mirrored, 1 failed, 0 to retry later, 3.5 MB"
                + " downloaded, 6 listings updated in 1 commits, 0 deleted, 1.5 s");
    assertEquals(new MirrorLine(30, 1, 0, 3.5, 1.5), MirrorLine.find(printed).orElseThrow());
  }

  @Test
  void findsNothingWhenNoPhotoWasDue() {
    assertTrue(MirrorLine.find(List.of("index: vendor houston: 10 listings indexed")).isEmpty());
  }
}
