package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.RateLimit;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each key's rate limit (API.md §2): the RateLimit headers on every answer, 429, recovery. */
class RateLimitHttpTest {
  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClassOnBasic(
          dataDir ->
              new FixtureServer(
                  dataDir,
                  Accounts.of(
                      List.of(
                          account("slow", new RateLimit(1, 3)),
                          account("roomy", new RateLimit(100, 200)))),
                  ServerConfig.loopback(0)));

  private static Account account(String key, RateLimit limit) {
    return FixtureServer.account("fixture", key, key, limit);
  }

  private static HttpResponse<String> get(String key, String pathAndQuery) throws Exception {
    return server.get(pathAndQuery, key, key);
  }

  private static long header(HttpResponse<String> response, String name) {
    return Long.parseLong(
        response.headers().firstValue(name).orElseThrow(() -> new AssertionError("no " + name)));
  }

  @Test
  void aKeyGetsItsBurstThen429WithRetryAfterThenRecovers() throws Exception {
    for (int remaining = 2; remaining >= 0; remaining--) {
      HttpResponse<String> ok = get("slow", "/properties?limit=1");
      assertEquals(200, ok.statusCode(), ok.body());
      assertEquals(3, header(ok, "RateLimit-Limit"));
      assertEquals(remaining, header(ok, "RateLimit-Remaining"));
      assertTrue(header(ok, "RateLimit-Reset") >= 1 && header(ok, "RateLimit-Reset") <= 3);
    }
    HttpResponse<String> limited = get("slow", "/properties?limit=1");
    assertEquals(429, limited.statusCode());
    assertEquals(1, header(limited, "Retry-After"));
    assertEquals(0, header(limited, "RateLimit-Remaining"));
    assertEquals(3, header(limited, "RateLimit-Limit"));
    assertEquals(429, json(limited).get("error").asInt());
    assertEquals(
        "rate limit exceeded: this key may make 1 requests per second, in bursts of up to 3;"
            + " retry in 1 s",
        json(limited).get("message").asText());
    assertEquals(
        "application/json; charset=utf-8",
        limited.headers().firstValue("Content-Type").orElseThrow());

    assertEquals(200, get("roomy", "/properties?limit=1").statusCode(), "other keys go on");

    Thread.sleep(1_100);
    assertEquals(200, get("slow", "/properties?limit=1").statusCode());
  }

  @Test
  void everyAuthenticatedAnswerCarriesTheHeadersWhateverItsStatus() throws Exception {
    List<HttpResponse<String>> answers =
        List.of(
            get("roomy", "/properties"),
            get("roomy", "/properties/101"),
            get("roomy", "/properties?minprice=abc"),
            get("roomy", "/properties?vendor=other"),
            get("roomy", "/properties/999"),
            get("roomy", "/nowhere"),
            server.send(
                HttpRequest.newBuilder(server.uri("/properties")).DELETE(), "roomy", "roomy"));
    assertEquals(
        List.of(200, 200, 400, 403, 404, 404, 405),
        answers.stream().map(HttpResponse::statusCode).toList());
    for (HttpResponse<String> answer : answers) {
      assertEquals(200, header(answer, "RateLimit-Limit"), answer.uri().toString());
      assertTrue(header(answer, "RateLimit-Remaining") < 200, answer.uri().toString());
      assertTrue(header(answer, "RateLimit-Reset") >= 0, answer.uri().toString());
    }
  }

  @Test
  void unauthenticatedAnswersHaveNoKeyToCount() throws Exception {
    HttpResponse<String> anonymous = server.get("/properties", null, null);
    assertEquals(401, anonymous.statusCode());
    assertTrue(anonymous.headers().firstValue("RateLimit-Limit").isEmpty());
  }
}
