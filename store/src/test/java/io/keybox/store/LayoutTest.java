package io.keybox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LayoutTest {
  private static final Manifest MANIFEST =
      new Manifest(
          Manifest.FORMAT,
          "houston",
          7,
          36,
          "segments_10",
          Map.of("refreshTime", "2026-11-26T00:00:00Z", "source", "dump"),
          List.of(
              new FileEntry("segments_10", 321, 0xCAFEL),
              new FileEntry("_0.cfs", 12345, 0x1a2b3c4dL)),
          List.of(new FileEntry("ids.tsv", 10, 0xFFFF_FFFFL)));

  @Test
  void keysHoldChecksumAndLengthAndArePrefixFree() {
    assertEquals("houston/current", Layout.pointer("houston"));
    assertEquals("houston/manifests/000000000007.json", Layout.manifest("houston", 7));
    assertEquals(
        List.of(
            "houston/files/_0.cfs.1a2b3c4d.12345",
            "houston/files/segments_10.0000cafe.321",
            "houston/side/ids.tsv.ffffffff.10"),
        MANIFEST.objectKeys());
    assertEquals(
        OptionalLong.of(7),
        Layout.manifestSequence("houston", "houston/manifests/000000000007.json"));
    assertEquals(
        OptionalLong.empty(),
        Layout.manifestSequence("houston", "dallas/manifests/000000000007.json"));
    assertEquals(
        OptionalLong.empty(), Layout.manifestSequence("houston", "houston/manifests/7.json"));
  }

  @Test
  void manifestAndPointerRoundTripThroughJson() throws Exception {
    byte[] json = Layout.write(MANIFEST);
    assertEquals(MANIFEST, Layout.read(json, Manifest.class, "m"));
    // Files sorted by name, user data by key: the same commit always writes the same manifest.
    assertEquals(
        List.of("_0.cfs", "segments_10"), MANIFEST.files().stream().map(FileEntry::name).toList());
    assertEquals(List.of("refreshTime", "source"), List.copyOf(MANIFEST.userData().keySet()));
    assertEquals(Pointer.to(7), Layout.read(Layout.write(Pointer.to(7)), Pointer.class, "p"));
    assertEquals("manifests/000000000007.json", Pointer.to(7).manifest());
  }

  @Test
  void malformedManifestsAreRefusedNamingWhere() {
    byte[] wrongPointer =
        "{\"manifest\":\"manifests/000000000008.json\",\"sequence\":7}"
            .getBytes(StandardCharsets.UTF_8);
    assertTrue(
        assertThrows(
                java.io.IOException.class,
                () -> Layout.read(wrongPointer, Pointer.class, "s3://b/houston/current"))
            .getMessage()
            .startsWith("malformed s3://b/houston/current"));
    // A whole manifest but for its format: only the format check refuses it.
    String written = new String(Layout.write(MANIFEST), StandardCharsets.UTF_8);
    String format2 = written.replace("\"format\" : 1,", "\"format\" : 2,");
    assertTrue(!format2.equals(written), written);
    String where = "s3://b/houston/manifests/000000000007.json";
    String message =
        assertThrows(
                java.io.IOException.class,
                () -> Layout.read(format2.getBytes(StandardCharsets.UTF_8), Manifest.class, where))
            .getMessage();
    assertTrue(message.startsWith("malformed " + where + ": "), message);
    assertTrue(message.contains("manifest format must be 1 (got: 2)"), message);
  }

  @Test
  void manifestsRefuseNamesTheFetcherCouldMisplace() {
    FileEntry segments = new FileEntry("segments_1", 1, 1);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Manifest(
                1,
                "houston",
                1,
                1,
                "segments_1",
                Map.of(),
                List.of(segments),
                List.of(new FileEntry("keys.json", 1, 1))));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Manifest(1, "houston", 1, 2, "segments_1", Map.of(), List.of(segments), List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Manifest(1, "houston", 1, 1, "segments_1", Map.of(), List.of(), List.of()));
    assertThrows(IllegalArgumentException.class, () -> new FileEntry("../keys.json", 1, 1));
    assertThrows(IllegalArgumentException.class, () -> new FileEntry("a/b", 1, 1));
    assertThrows(IllegalArgumentException.class, () -> new FileEntry("_0.cfs", 1, 1L << 32));
    assertThrows(IllegalArgumentException.class, () -> Layout.pointer("Houston"));
  }
}
