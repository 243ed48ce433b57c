package io.keybox.server.http.transport;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Recognises the response heads Undertow writes by itself, before any of Keybox's handlers runs:
 * the fixed {@code 400 Bad Request} of its request parser, and the empty 400s of its Host header
 * check ({@code 400 No Host Header} and the like). Keybox's own responses always carry {@code
 * X-Request-Id}, so a complete 4xx head with {@code Content-Length: 0} and no request id can only
 * be one of those.
 *
 * @param version the HTTP version of the status line, e.g. {@code HTTP/1.1}
 * @param status the status code, 400..499
 * @param reason the reason phrase Undertow wrote
 */
record UndertowErrorHead(String version, int status, String reason) {
  /** The message for a request Undertow's parser refuses: it does not say why. */
  static final String PARSER_MESSAGE =
      "malformed request: the request line or a header is not valid HTTP/1.1";

  /** The message for a request Undertow's Host check refuses (RFC 9112 §3.2). */
  static final String HOST_MESSAGE =
      "malformed request: an HTTP/1.1 request needs exactly one Host header, a valid host[:port]";

  /** The fixed answer of Undertow's request parser. */
  static final UndertowErrorHead PARSER_REFUSAL =
      new UndertowErrorHead("HTTP/1.1", 400, "Bad Request");

  /** Undertow's heads are a few hundred bytes; anything longer is not one. */
  private static final int MAX_LENGTH = 1024;

  /** The head in {@code bytes} (not consumed), if the buffer holds exactly one such head. */
  static Optional<UndertowErrorHead> in(ByteBuffer bytes) {
    int length = bytes.remaining();
    if (length < 20 || length > MAX_LENGTH) {
      return Optional.empty();
    }
    byte[] copy = new byte[length];
    bytes.duplicate().get(copy);
    String head = new String(copy, StandardCharsets.ISO_8859_1);
    // Undertow answers in the version the request gave, even HTTP/0.9.
    if (!isStatusLineStart(head) || !head.endsWith("\r\n\r\n")) {
      return Optional.empty();
    }
    if (head.indexOf("\r\n\r\n") != length - 4 || head.charAt(9) != '4') {
      return Optional.empty(); // a body follows, or not a 4xx
    }
    String lower = head.toLowerCase(Locale.ROOT);
    if (!lower.contains("\r\ncontent-length: 0\r\n") || lower.contains("\r\nx-request-id:")) {
      return Optional.empty();
    }
    int lineEnd = head.indexOf("\r\n");
    String statusLine = head.substring(0, lineEnd);
    if (statusLine.length() < 12 || statusLine.charAt(8) != ' ') {
      return Optional.empty();
    }
    int status;
    try {
      status = Integer.parseInt(statusLine.substring(9, 12));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    String reason = statusLine.length() > 13 ? statusLine.substring(13) : "";
    return Optional.of(new UndertowErrorHead(statusLine.substring(0, 8), status, reason));
  }

  /** {@code HTTP/d.d } (no regular expression: this runs for each small write on the IO thread). */
  private static boolean isStatusLineStart(String head) {
    return head.startsWith("HTTP/")
        && Character.isDigit(head.charAt(5))
        && head.charAt(6) == '.'
        && Character.isDigit(head.charAt(7))
        && head.charAt(8) == ' ';
  }

  /**
   * Whether this is the parser's fixed answer ({@code 400 Bad Request}), not the Host check's
   * (whose reason phrase names the problem).
   */
  boolean isParserRefusal() {
    return status == 400 && reason.equals("Bad Request");
  }

  /** What went wrong, in the words of API.md's error messages. */
  String message() {
    return isParserRefusal() ? PARSER_MESSAGE : HOST_MESSAGE;
  }
}
