package io.keybox.server.http.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PhotoPathTest {
  private static final String DIGEST = "0123456789abcdef0123456789abcdef01234567";

  @Test
  void readsVendorDigestAndWidth() {
    assertEquals(
        Optional.of(new PhotoPath("houston", DIGEST, 800)),
        PhotoPath.parse("/houston/" + DIGEST + "/800.jpg"));
    assertEquals(
        Optional.of(new PhotoPath("mls-2_b", DIGEST, 1600)),
        PhotoPath.parse("/mls-2_b/" + DIGEST + "/1600.jpg"));
    assertEquals(
        Optional.of(new PhotoPath("9", DIGEST, 400)), PhotoPath.parse("/9/" + DIGEST + "/400.jpg"));
  }

  @Test
  void aVendorNameOf64CharactersIsTheLongest() {
    String longest = "a".repeat(64);
    assertEquals(
        Optional.of(new PhotoPath(longest, DIGEST, 400)),
        PhotoPath.parse("/" + longest + "/" + DIGEST + "/400.jpg"));
    assertEquals(Optional.empty(), PhotoPath.parse("/a" + longest + "/" + DIGEST + "/400.jpg"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "/",
        "houston/0123456789abcdef0123456789abcdef01234567/800.jpg",
        "//0123456789abcdef0123456789abcdef01234567/800.jpg",
        "/Houston/0123456789abcdef0123456789abcdef01234567/800.jpg",
        "/-houston/0123456789abcdef0123456789abcdef01234567/800.jpg",
        "/hou.ston/0123456789abcdef0123456789abcdef01234567/800.jpg",
        "/../0123456789abcdef0123456789abcdef01234567/800.jpg",
        "/houston/0123456789ABCDEF0123456789abcdef01234567/800.jpg",
        "/houston/0123456789abcdef0123456789abcdef0123456/800.jpg",
        "/houston/0123456789abcdef0123456789abcdef012345678/800.jpg",
        "/houston/0123456789abcdeg0123456789abcdef01234567/800.jpg",
        "/houston/0123456789abcdef0123456789abcdef01234567/80.jpg",
        "/houston/0123456789abcdef0123456789abcdef01234567/16000.jpg",
        "/houston/0123456789abcdef0123456789abcdef01234567/8a0.jpg",
        "/houston/0123456789abcdef0123456789abcdef01234567/800.png",
        "/houston/0123456789abcdef0123456789abcdef01234567/800.jpg/",
        "/houston/0123456789abcdef0123456789abcdef01234567/.jpg",
        "/houston/0123456789abcdef0123456789abcdef01234567",
        "/houston/0123456789abcdef0123456789abcdef01234567/x/800.jpg",
        "/houston"
      })
  void refusesAnythingElse(String path) {
    assertEquals(Optional.empty(), PhotoPath.parse(path), path);
  }
}
