package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestHeadScannerTest {
  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1));
  }

  private static RequestHeadScanner scan(String... reads) {
    RequestHeadScanner scanner = new RequestHeadScanner(1000, 5);
    for (String read : reads) {
      ByteBuffer buffer = bytes(read);
      scanner.scan(buffer, 0, buffer.limit());
    }
    return scanner;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "GET /properties?cities=Katy&points=1,2 HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | ",
        "GET /a?b=[1] HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | ",
        "GET /a?b=%ZZ HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | 400 malformed URL: '%Z' is not a percent escape ('%' and two hex digits); write a literal % as %25",
        "GET /a?b=%4 HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | 400 malformed URL: '%4' is not a percent escape ('%' and two hex digits); write a literal % as %25",
        "GET /a?b=<x> HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | 400 malformed URL: the character '<' is not allowed in a URL; percent-encode it as %3C",
        "GET /a b HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | 400 malformed URL: a space must be percent-encoded (as %20 or +)",
        "GET a HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | 400 malformed request line: the request target must be a path starting with '/' (or * for OPTIONS)",
        "GET * HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | 400 malformed request line: the request target must be a path starting with '/' (or * for OPTIONS)",
        "OPTIONS * HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | ",
        "GET / HTTP/1.1\\nHost: x\\r\\n\\r\\n | 400 malformed request: every line must end with CR LF",
        "GET / HTTP/1.1\\r\\nBad Name: x\\r\\n\\r\\n | 400 malformed header line: a header name contains a space",
        "GET / HTTP/1.1\\r\\nHost: x\\r\\nA: 1\\r\\nB: 2\\r\\nC: 3\\r\\nD: 4\\r\\nE: 5\\r\\n\\r\\n | 431 too many header lines; at most 5 are allowed",
        "GET / HTTP/1.1\\r\\nX: 1\\r\\n\\r\\n | 400 malformed request: an HTTP/1.1 request needs a Host header",
        "GET / HTTP/1.0\\r\\nX: 1\\r\\n\\r\\n | ",
        "GET / HTTP/1.1\\r\\nHost: a\\r\\nhost: b\\r\\n\\r\\n | 400 malformed request: more than one Host header",
        "GET / HTTP/1.1\\r\\nHost: a b\\r\\n\\r\\n | 400 malformed request: the Host header is not a valid host[:port]",
        // A folded line after Host continues its value, as Undertow reads it; after another
        // header it is that header's.
        "GET / HTTP/1.1\\r\\nHost: a\\r\\n folded\\r\\n\\r\\n | 400 malformed request: the Host header is not a valid host[:port]",
        "GET / HTTP/1.1\\r\\nHost: a\\r\\nX: 1\\r\\n folded\\r\\n\\r\\n | ",
        "GET / HTTP/1.1\\r\\nHost: a:0\\r\\n\\r\\n | 400 malformed request: the Host header is not a valid host[:port]",
        "GET / HTTP/1.1\\r\\nHost: [::1]:8080\\r\\n\\r\\n | ",
        "GET / HTTP/1.1\\r\\nHost: 127.0.0.1:8080\\r\\n\\r\\n | ",
        "GET http://a.example/x HTTP/1.1\\r\\nHost: b.example\\r\\n\\r\\n | 400 malformed request: the Host header does not match the host of the request target",
      })
  void describesTheFirstProblem(String request, String expected) {
    RequestHeadScanner scanner = scan(request.replace("\\r", "\r").replace("\\n", "\n"));
    Optional<String> problem = scanner.problem().map(p -> p.status() + " " + p.message());
    assertEquals(Optional.ofNullable(expected), problem);
  }

  @Test
  void aBadHostTurnsTheLastLineFeedOfTheHeadIntoANul() {
    RequestHeadScanner scanner = new RequestHeadScanner(1000, 10);
    ByteBuffer buffer = bytes("GET / HTTP/1.1\r\nHost: a b\r\n\r\n");
    scanner.scan(buffer, 0, buffer.limit());
    assertEquals(0, buffer.get(buffer.limit() - 1));
    assertEquals('\r', buffer.get(buffer.limit() - 2));
    ByteBuffer good = bytes("GET / HTTP/1.1\r\nHost: a\r\n\r\n");
    scanner.scan(good, 0, good.limit());
    assertEquals('\n', good.get(good.limit() - 1), "good requests are never changed");
  }

  @Test
  void aHeadLargerThanTheLimitIs431() {
    RequestHeadScanner scanner = scan("GET / HTTP/1.1\r\nHost: x\r\nX: " + "a".repeat(1000));
    assertEquals(431, scanner.problem().orElseThrow().status());
  }

  @Test
  void aProblemIsForgottenOnceAnsweredAndTheRequestIsKeptForTheLog() {
    RequestHeadScanner scanner = scan("HEAD /a?b=%Z", "Z&c=1 HTTP/1.1\r\nHost: x\r\n\r\n");
    assertEquals("HEAD /a?b=%ZZ&c=1", scanner.request());
    assertEquals("HEAD", scanner.method());
    scanner.responseWritten();
    scan(scanner, "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
    assertTrue(scanner.problem().isEmpty());
    assertEquals("GET", scanner.method());
  }

  @Test
  void pipelinedRequestsKeepTheFirstProblemUntilAResponse() {
    RequestHeadScanner scanner =
        scan("GET /ok HTTP/1.1\r\nHost: x\r\n\r\nGET /%ZZ HTTP/1.1\r\nHost: x\r\n\r\nGET /<");
    assertTrue(scanner.problem().orElseThrow().message().contains("'%Z'"));
    assertEquals("GET /%ZZ", scanner.request());
  }

  private static void scan(RequestHeadScanner scanner, String read) {
    ByteBuffer buffer = bytes(read);
    scanner.scan(buffer, 0, buffer.limit());
  }
}
