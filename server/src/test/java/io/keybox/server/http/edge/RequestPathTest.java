package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestPathTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/properties/%31%30%32 | /properties/102",
        "/%61gents            | /agents",
        "/%41GENTS            | /AGENTS",
        "/%2d/health          | /-/health",
        "/a%2E%5f%7Eb         | /a._~b",
        // Reserved and other characters stay escaped: %2F never splits a segment.
        "/properties/%2F      | /properties/%2F",
        "/properties/%20x     | /properties/%20x",
        "/properties/%C3%A9   | /properties/%C3%A9",
        "/properties/%25      | /properties/%25",
        // Not an escape: left for the router to refuse.
        "/properties/%3       | /properties/%3",
        "/properties/%zz1     | /properties/%zz1",
        "/properties/%%31     | /properties/%1",
      })
  void decodesTheEscapesOfUnreservedCharactersOnly(String raw, String normalized) {
    assertEquals(normalized, RequestPath.normalize(raw));
  }

  @ParameterizedTest
  @CsvSource({"/properties/102", "/", "/-/health"})
  void aPathWithoutEscapesIsReturnedAsItIs(String path) {
    assertSame(path, RequestPath.normalize(path));
  }
}
