package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The media type an Accept header prefers among the three Keybox serves (API.md §4). */
class MediaTypeTest {
  @ParameterizedTest(name = "[{0}] -> {1}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      value = {
        "null | JSON",
        "'' | JSON",
        "*/* | JSON",
        "application/* | JSON",
        "text/html | JSON",
        "application/json | JSON",
        "application/vnd.service-v0.1+json | VENDOR",
        "application/vnd.simplyrets-v0.1+json | UPSTREAM_VENDOR",
        "APPLICATION/VND.SIMPLYRETS-V0.1+JSON | UPSTREAM_VENDOR",
        // The upstream's WordPress plugin, byte for byte.
        "application/json; q=0.2, application/vnd.simplyrets-v0.1+json | UPSTREAM_VENDOR",
        "application/json, application/vnd.simplyrets-v0.1+json;q=0.9 | JSON",
        "application/json;q=0.5, application/vnd.simplyrets-v0.1+json;q=0.5 | JSON",
        "application/vnd.simplyrets-v0.1+json;q=0 | JSON",
        "application/vnd.simplyrets-v0.1+json;q=0.4, */*;q=0.1 | UPSTREAM_VENDOR",
        "application/vnd.service-v0.1+json;q=0.8, application/vnd.simplyrets-v0.1+json | UPSTREAM_VENDOR",
        "application/vnd.simplyrets-v0.1+json;q=0.8, application/vnd.service-v0.1+json | VENDOR",
        "application/vnd.simplyrets-v0.1+json, application/vnd.service-v0.1+json | VENDOR",
      })
  void theClientsPreferredTypeWins(String accept, MediaType expected) {
    assertEquals(expected, MediaType.negotiate(accept));
  }

  @ParameterizedTest
  @CsvSource({
    "JSON, application/json; charset=utf-8",
    "VENDOR, application/vnd.service-v0.1+json; charset=utf-8",
    "UPSTREAM_VENDOR, application/vnd.simplyrets-v0.1+json; charset=utf-8",
  })
  void contentTypes(MediaType type, String contentType) {
    assertEquals(contentType, type.contentType());
  }
}
