package io.keybox.bench.media;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PhotoPathsTest {
  private static final String A = "0123456789abcdef0123456789abcdef01234567";
  private static final String B = "fedcba9876543210fedcba9876543210fedcba98";

  @Test
  void givesEachShownPhotoOnceAsTheWantedWidth() {
    String page =
        "[{\"mlsId\":1,\"photos\":[\"http://127.0.0.1:9/media/houston/"
            + A
            + "/1600.jpg\",\"http://127.0.0.1:9/media/houston/"
            + B
            + "/1600.jpg\"]},{\"mlsId\":2,\"photos\":[\"http://127.0.0.1:9/media/houston/"
            + A
            + "/1600.jpg\",\"https://cdn.example.com/p/9.jpg\"]}]";
    assertEquals(
        List.of("/media/houston/" + A + "/800.jpg", "/media/houston/" + B + "/800.jpg"),
        PhotoPaths.in(page, 800));
  }

  @Test
  void ignoresLinkedPhotosAndMalformedDigests() {
    assertEquals(
        List.of(),
        PhotoPaths.in("{\"photos\":[\"https://x/media/houston/abc/1600.jpg\",\"/p/1.jpg\"]}", 800));
  }

  @Test
  void mapsAPathToItsFileUnderTheMediaFolder() {
    assertEquals("01/" + A + "/800.jpg", MediaBench.relative("/media/houston/" + A + "/800.jpg"));
  }
}
