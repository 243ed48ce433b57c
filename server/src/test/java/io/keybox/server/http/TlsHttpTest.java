package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.RateLimit;
import io.keybox.server.tls.TestCertificates;
import io.keybox.server.tls.TlsIdentity;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTPS with certificates made in the test: a PKCS#12 keystore and PEM files (RSA and EC), HTTP/2
 * by ALPN and HTTP/1.1, links with the https scheme, and the JSON error for a malformed request
 * over TLS.
 */
class TlsHttpTest {
  private static final String KEY = "tester";
  private static final String SECRET = "s3cret";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dataDir;
  @TempDir static Path certs;
  private static Accounts accounts;
  private static Path rsa;
  private static Path ec;

  @BeforeAll
  static void setUp() throws Exception {
    FixtureServer.index(dataDir, "fixture", "basic");
    accounts =
        Accounts.of(List.of(FixtureServer.account("fixture", KEY, SECRET, RateLimit.DEFAULT)));
    rsa = TestCertificates.pkcs12(certs, "rsa", "RSA");
    ec = TestCertificates.pkcs12(certs, "ec", "EC");
  }

  private static FixtureServer serve(TlsIdentity tls) throws IOException {
    return new FixtureServer(dataDir, accounts, ServerConfig.loopback(0).withTls(tls.context()));
  }

  private static HttpResponse<String> get(
      FixtureServer server, SSLContext trust, HttpClient.Version version, String pathAndQuery)
      throws Exception {
    HttpClient client = HttpClient.newBuilder().sslContext(trust).version(version).build();
    String auth =
        Base64.getEncoder().encodeToString((KEY + ":" + SECRET).getBytes(StandardCharsets.UTF_8));
    return client.send(
        HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + pathAndQuery))
            .header("Authorization", "Basic " + auth)
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void pkcs12KeystoreServesHttp2WithHttpsLinks() throws Exception {
    try (FixtureServer server =
        serve(TlsIdentity.fromPkcs12(rsa, TestCertificates.PASSWORD.toCharArray()))) {
      HttpResponse<String> response =
          get(
              server,
              TestCertificates.trusting(rsa),
              HttpClient.Version.HTTP_2,
              "/properties?limit=2");
      assertEquals(200, response.statusCode(), response.body());
      assertEquals(HttpClient.Version.HTTP_2, response.version());
      assertEquals(2, JSON.readTree(response.body()).size());
      assertTrue(
          response.headers().firstValue("Link").orElseThrow().startsWith("<https://127.0.0.1:"),
          response.headers().toString());
      assertTrue(response.headers().firstValue("RateLimit-Remaining").isPresent());
    }
  }

  @Test
  void pemFilesWithAnEcKeyServeHttp2AndHttp11() throws Exception {
    TestCertificates.Pem pem = TestCertificates.pem(ec);
    try (FixtureServer server = serve(TlsIdentity.fromPem(pem.chain(), pem.key()))) {
      SSLContext trust = TestCertificates.trusting(ec);
      HttpResponse<String> h2 = get(server, trust, HttpClient.Version.HTTP_2, "/properties/101");
      assertEquals(200, h2.statusCode(), h2.body());
      assertEquals(HttpClient.Version.HTTP_2, h2.version());
      HttpResponse<String> h1 = get(server, trust, HttpClient.Version.HTTP_1_1, "/properties/101");
      assertEquals(200, h1.statusCode(), h1.body());
      assertEquals(HttpClient.Version.HTTP_1_1, h1.version());
      assertEquals(h2.body(), h1.body());
      HttpResponse<String> missing =
          get(server, trust, HttpClient.Version.HTTP_2, "/properties/999");
      assertEquals(404, missing.statusCode());
      assertEquals(404, JSON.readTree(missing.body()).get("error").asInt());
    }
  }

  @Test
  void pemFilesWithAnRsaKey() throws Exception {
    TestCertificates.Pem pem = TestCertificates.pem(rsa);
    try (FixtureServer server = serve(TlsIdentity.fromPem(pem.chain(), pem.key()))) {
      HttpResponse<String> response =
          get(server, TestCertificates.trusting(rsa), HttpClient.Version.HTTP_2, "/properties");
      assertEquals(200, response.statusCode(), response.body());
    }
  }

  @Test
  void aMalformedRequestOverTlsGetsTheJsonErrorToo() throws Exception {
    try (FixtureServer server =
        serve(TlsIdentity.fromPkcs12(rsa, TestCertificates.PASSWORD.toCharArray()))) {
      try (SSLSocket socket =
          (SSLSocket)
              TestCertificates.trusting(rsa)
                  .getSocketFactory()
                  .createSocket("127.0.0.1", server.port())) {
        socket.setSoTimeout(10_000);
        socket
            .getOutputStream()
            .write(
                "GET /properties?cities=%ZZ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
        String response =
            new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(response.startsWith("HTTP/1.1 400 Bad Request\r\n"), response);
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);
        assertTrue(
            JSON.readTree(body)
                .get("message")
                .asText()
                .equals("malformed request: the request line or a header is not valid HTTP/1.1"),
            body);
      }
    }
  }

  @Test
  void plainHttpToTheTlsPortGetsNoHttpAnswer() throws Exception {
    try (FixtureServer server =
        serve(TlsIdentity.fromPkcs12(rsa, TestCertificates.PASSWORD.toCharArray()))) {
      FixtureServer.RawResponse response =
          server.raw(
              "GET /properties HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                  .getBytes(StandardCharsets.ISO_8859_1));
      assertEquals(-1, response.status(), response.head());
    }
  }

  @Test
  void plainHttpOnAPublicInterfaceNeedsTlsOrAProxy() {
    ServerConfig publicPlain =
        new ServerConfig("0.0.0.0", 0, Optional.empty(), 10_000, false, List.of());
    PlainHttpRefusedException e =
        assertThrows(
            PlainHttpRefusedException.class,
            () -> new FixtureServer(dataDir, accounts, publicPlain));
    assertTrue(e.getMessage().startsWith("refusing to take credentials over plain HTTP"));
  }
}
