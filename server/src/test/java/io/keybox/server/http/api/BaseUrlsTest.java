package io.keybox.server.http.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Link base URLs: X-Forwarded-Proto and -Host count behind a proxy, and only there. */
class BaseUrlsTest {
  private static HttpServerExchange exchange(String host, String proto, String forwardedHost) {
    HttpServerExchange exchange = new HttpServerExchange(null);
    exchange.setRequestScheme("http");
    exchange.getRequestHeaders().put(Headers.HOST, host);
    if (!proto.isEmpty()) {
      exchange.getRequestHeaders().put(new HttpString("X-Forwarded-Proto"), proto);
    }
    if (!forwardedHost.isEmpty()) {
      exchange.getRequestHeaders().put(new HttpString("X-Forwarded-Host"), forwardedHost);
    }
    return exchange;
  }

  @ParameterizedTest(name = "behind proxy {0}: {2} {3} -> {4}")
  @CsvSource(
      delimiter = '|',
      value = {
        "false | 10.0.0.5:8080 | https | api.example.com | http://10.0.0.5:8080",
        "true | 10.0.0.5:8080 | https | api.example.com | https://api.example.com",
        "true | 10.0.0.5:8080 | 'https, http' | 'api.example.com, inner' | https://api.example.com",
        "true | 10.0.0.5:8080 | '' | '' | http://10.0.0.5:8080",
        "true | 10.0.0.5:8080 | gopher | 'evil.example/<script>' | http://10.0.0.5:8080",
        "true | 10.0.0.5:8080 | HTTPS | '' | https://10.0.0.5:8080",
      })
  void forwardedHeadersCountOnlyBehindAProxy(
      boolean behindProxy, String host, String proto, String forwardedHost, String expected) {
    assertEquals(
        expected,
        new BaseUrls(Optional.empty(), behindProxy).of(exchange(host, proto, forwardedHost)));
  }

  @ParameterizedTest
  @CsvSource({"true", "false"})
  void aConfiguredBaseUrlWinsOverEverything(boolean behindProxy) {
    assertEquals(
        "https://public.example",
        new BaseUrls(Optional.of("https://public.example/"), behindProxy)
            .of(exchange("10.0.0.5", "http", "other.example")));
  }
}
