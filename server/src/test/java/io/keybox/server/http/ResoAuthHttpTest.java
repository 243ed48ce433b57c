package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.BearerTokens;
import io.keybox.server.auth.SecretHash;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.threeten.extra.MutableClock;

/**
 * POST /oauth2/token and bearer tokens on the RESO Web API: client credentials in the form or as
 * HTTP Basic, a token read by any request to /reso, 401 when it is missing, tampered with or
 * expired, 403 when its key may not read the vendor.
 */
class ResoAuthHttpTest {
  private static final String SECRET = "s3cret";
  private static final byte[] KEY =
      "a signing key of more than thirty-two bytes".getBytes(StandardCharsets.UTF_8);

  /** The time the token service reads; a test moves it past a token's hour. */
  private static final MutableClock CLOCK =
      MutableClock.of(Instant.parse("2026-11-28T06:00:00Z"), ZoneOffset.UTC);

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClass(
          dataDir -> {
            FixtureServer.index(dataDir, "fixture", "basic");
            SecretHash hash = SecretHash.create(SECRET, 1000);
            Authenticator authenticator =
                new Authenticator(
                    Accounts.of(
                        List.of(
                            new Account(
                                "tester",
                                List.of("fixture"),
                                Set.of(),
                                FixtureServer.UNTHROTTLED,
                                hash),
                            new Account(
                                "other",
                                List.of("elsewhere"),
                                Set.of(),
                                FixtureServer.UNTHROTTLED,
                                hash))));
            authenticator.acceptBearerTokens(new BearerTokens(KEY, CLOCK));
            return new FixtureServer(
                dataDir,
                authenticator,
                ServerConfig.loopback(0),
                new PrintStream(OutputStream.nullOutputStream()));
          });

  private static HttpResponse<String> post(String form, String user) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.uri("/oauth2/token"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form));
    return server.send(request, user, user == null ? null : SECRET);
  }

  private static String token(String form, String user) throws Exception {
    HttpResponse<String> response = post(form, user);
    assertEquals(200, response.statusCode(), response.body());
    JsonNode body = FixtureServer.json(response);
    assertEquals("Bearer", body.path("token_type").asText());
    assertEquals(3600, body.path("expires_in").asInt());
    assertEquals("no-store", response.headers().firstValue("Cache-Control").orElse(null));
    return body.path("access_token").asText();
  }

  private static int statusWith(String authorization, String path) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(server.uri(path)).GET();
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return server.send(request, null, null).statusCode();
  }

  /** The status of GET {@code path} with a token issued to {@code key}'s HTTP Basic credentials. */
  private static int statusWithTokenOf(String key, String path) throws Exception {
    return statusWith("Bearer " + token("grant_type=client_credentials", key), path);
  }

  @Test
  void credentialsInTheFormGiveAToken() throws Exception {
    String token =
        token("grant_type=client_credentials&client_id=tester&client_secret=s3cret", null);
    assertEquals(200, statusWith("Bearer " + token, "/reso/fixture/Property?$top=1"));
  }

  @Test
  void credentialsAsBasicGiveAToken() throws Exception {
    assertEquals(200, statusWithTokenOf("tester", "/reso/fixture/$metadata"));
  }

  @Test
  void wrongSecretOrGrantIsRefused() throws Exception {
    assertEquals(
        401,
        post("grant_type=client_credentials&client_id=tester&client_secret=nope", null)
            .statusCode());
    assertEquals(401, post("grant_type=client_credentials", null).statusCode());
    HttpResponse<String> password = post("grant_type=password", "tester");
    assertEquals(400, password.statusCode());
    assertTrue(password.body().contains("client_credentials"), password.body());
  }

  @Test
  void missingTamperedOrExpiredTokensAre401() throws Exception {
    assertEquals(401, statusWith(null, "/reso/fixture/Property"));
    String token = token("grant_type=client_credentials", "tester");
    String tampered = token.substring(0, token.length() - 2) + (token.endsWith("A") ? "BB" : "AA");
    assertEquals(401, statusWith("Bearer " + tampered, "/reso/fixture/Property"));
    assertEquals(401, statusWith("Bearer not.a.token", "/reso/fixture/Property"));
    Instant issued = CLOCK.instant();
    try {
      CLOCK.setInstant(issued.plus(Duration.ofMinutes(61)));
      assertEquals(401, statusWith("Bearer " + token, "/reso/fixture/Property"));
    } finally {
      CLOCK.setInstant(issued);
    }
  }

  @Test
  void aTokenWithoutTheVendorIs403() throws Exception {
    assertEquals(403, statusWithTokenOf("other", "/reso/fixture/Property"));
  }

  @Test
  void bearerTokensAreForTheResoApiOnly() throws Exception {
    assertEquals(401, statusWithTokenOf("tester", "/properties"));
  }
}
