package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Addon;
import io.keybox.server.auth.RateLimit;
import io.keybox.server.auth.SecretHash;
import io.keybox.server.limit.LoginThrottle;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The 401/403/400 matrix of API.md §2 across keys, vendors and add-ons, over two vendor indexes
 * ({@code alpha}, {@code beta}) and a granted vendor without an index ({@code gamma}).
 */
class AccountsHttpTest {
  /** Key name → secret. */
  private static final Map<String, String> SECRETS =
      Map.of("single", "s1", "multi", "s2", "agents", "s3", "unindexed", "s4");

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClass(
          dataDir -> {
            FixtureServer.index(dataDir, "alpha", "basic");
            FixtureServer.index(dataDir, "beta", "basic");
            return new FixtureServer(
                dataDir,
                Accounts.of(
                    List.of(
                        account("single", List.of("alpha"), Set.of()),
                        account("multi", List.of("alpha", "beta"), Set.of()),
                        account("agents", List.of("alpha"), Set.of(Addon.AGENTS)),
                        account("unindexed", List.of("gamma"), Set.of()))),
                ServerConfig.loopback(0));
          });

  private static Account account(String key, List<String> vendors, Set<Addon> addons) {
    return new Account(
        key, vendors, addons, RateLimit.DEFAULT, SecretHash.create(SECRETS.get(key), 1000));
  }

  private static HttpResponse<String> send(String method, String pathAndQuery, String who)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.uri(pathAndQuery))
            .method(method, HttpRequest.BodyPublishers.noBody());
    return switch (who) {
      case "none" -> server.send(request, null, null);
      case "wrong" -> server.send(request, "single", "not-the-secret");
      case "unknown" -> server.send(request, "nobody", "s1");
      case "bearer" -> server.send(request.header("Authorization", "Bearer s1"), null, null);
      default -> server.send(request, who, SECRETS.get(who));
    };
  }

  @ParameterizedTest(name = "{0} {1} as {2} -> {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        // Credentials come first, on every path.
        "GET | /properties | none | 401 | credentials required: HTTP Basic with your API key and secret",
        "GET | /properties | wrong | 401 | wrong API key or secret",
        "GET | /properties | unknown | 401 | wrong API key or secret",
        "GET | /properties | bearer | 401 | malformed credentials: expected HTTP Basic with your API key and secret",
        "GET | /nowhere | none | 401 | credentials required: HTTP Basic with your API key and secret",
        "OPTIONS | / | none | 401 | credentials required: HTTP Basic with your API key and secret",
        // A single-vendor key: vendor is optional; any other vendor, real or not, is 403.
        "GET | /properties | single | 200 |",
        "GET | /properties?vendor=alpha | single | 200 |",
        "GET | /properties?vendor= | single | 200 |",
        "GET | /properties?vendor=beta | single | 403 | vendor: 'beta' is not available to this key",
        "GET | /properties?vendor=nosuch | single | 403 | vendor: 'nosuch' is not available to this key",
        "GET | /properties/101?vendor=beta | single | 403 | vendor: 'beta' is not available to this key",
        // A multi-vendor key must say which one.
        "GET | /properties | multi | 400 | vendor: required for this key; allowed: alpha, beta",
        "GET | /properties/101 | multi | 400 | vendor: required for this key; allowed: alpha, beta",
        "GET | /properties?vendor=beta | multi | 200 |",
        "GET | /properties/101?vendor=beta | multi | 200 |",
        "GET | /properties?vendor=gamma | multi | 403 | vendor: 'gamma' is not available to this key",
        // Add-ons: /agents without the add-on is 403, whatever the method or parameters.
        "GET | /agents | single | 403 | the agents add-on is not enabled for this key",
        "GET | /agents?vendor=alpha | single | 403 | the agents add-on is not enabled for this key",
        "GET | /agents/x1 | multi | 403 | the agents add-on is not enabled for this key",
        "DELETE | /agents | single | 403 | the agents add-on is not enabled for this key",
        // A granted vendor that has no index yet.
        "GET | /properties | unindexed | 503 | vendor gamma has no index yet",
      })
  void matrix(String method, String pathAndQuery, String who, int status, String message)
      throws Exception {
    HttpResponse<String> response = send(method, pathAndQuery, who);
    assertEquals(status, response.statusCode(), response.body());
    if (status == 200) {
      assertTrue(json(response).isContainerNode(), response.body());
      return;
    }
    assertEquals(status, json(response).get("error").asInt());
    assertEquals(message, json(response).get("message").asText());
    if (status == 401) {
      assertEquals(
          "Basic realm=\"keybox\"",
          response.headers().firstValue("WWW-Authenticate").orElseThrow());
    }
  }

  @Test
  void aKeyWithTheAgentsAddOnPassesTheAddOnCheck() throws Exception {
    HttpResponse<String> response = send("GET", "/agents", "agents");
    assertNotEquals(401, response.statusCode(), response.body());
    assertNotEquals(403, response.statusCode(), response.body());
  }

  @Test
  void vendorsAreAnsweredFromTheirOwnIndex() throws Exception {
    HttpResponse<String> alpha = send("GET", "/properties?vendor=alpha", "multi");
    HttpResponse<String> beta = send("GET", "/properties?vendor=beta", "multi");
    assertEquals(alpha.body(), beta.body(), "both vendors index the same fixture");
    assertEquals(6, json(beta).size());
  }

  @Test
  void failedLoginsFromOneAddressAreThrottledWithoutTouchingGoodKeys() throws Exception {
    // Its own server: the budget is per address, and every test here comes from 127.0.0.1.
    try (FixtureServer own =
        new FixtureServer(
            server.dataDir(),
            Accounts.of(
                List.of(
                    account("single", List.of("alpha"), Set.of()),
                    account("multi", List.of("alpha", "beta"), Set.of()))),
            ServerConfig.loopback(0))) {
      assertEquals(200, own.get("/properties", "single", "s1").statusCode()); // now cached
      for (int i = 0; i < LoginThrottle.DEFAULT_BURST; i++) {
        assertEquals(401, own.get("/properties", "single", "guess" + i).statusCode());
      }
      HttpResponse<String> throttled = own.get("/properties", "single", "guess-again");
      assertEquals(429, throttled.statusCode());
      assertEquals("2", throttled.headers().firstValue("Retry-After").orElseThrow());
      assertTrue(
          json(throttled).get("message").asText().startsWith("too many failed logins"),
          throttled.body());
      // Verified credentials are answered from the cache and never throttled...
      assertEquals(200, own.get("/properties", "single", "s1").statusCode());
      // ...but new ones from that address wait like the guesses do.
      assertEquals(429, own.get("/properties?vendor=beta", "multi", "s2").statusCode());
      Thread.sleep(2_100);
      assertEquals(200, own.get("/properties?vendor=beta", "multi", "s2").statusCode());
    }
  }
}
