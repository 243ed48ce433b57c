package io.keybox.server.http;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Reads the bytes of an HTTP/1.1 connection as they arrive, alongside Undertow's parser, to say in
 * words what is wrong with a request that the parser rejects before any handler runs (Undertow then
 * only knows "400"): a '%' without two hex digits, a character that must be percent-encoded, a
 * space inside the target, a malformed header line, too many headers or too large a head.
 *
 * <p>It keeps the first problem it sees since the last response was written ({@link
 * #responseWritten}): Undertow stops at the first bad request, and earlier pipelined requests in
 * the same read were good, so that first problem is the one Undertow hit. It only describes, with
 * one exception: a bad Host ({@link HostHeaderCheck}) is refused here, by turning the head's last
 * line feed into a NUL that the parser rejects, because Undertow's own Host check can close the
 * connection without any answer. Request bodies are not expected (the API takes none), so bytes
 * after a head are read as the next request; a wrong guess there only costs a less precise message.
 *
 * <p>Thread-safe: the IO thread reads while a worker thread may write the previous response.
 */
final class RequestHeadScanner {
  /** A rejected request in words: the status to answer with and the message. */
  record Problem(int status, String message) {}

  private static final int METHOD = 0;
  private static final int TARGET = 1;
  private static final int VERSION = 2;
  private static final int HEADER_START = 3;
  private static final int HEADER_NAME = 4;
  private static final int HEADER_VALUE = 5;
  private static final int SKIP_LINE = 6;

  /** How much of the method and target is kept for the access log line. */
  private static final int LOGGED_TARGET = 200;

  /** How much of the target and the Host value is kept for the Host check. */
  private static final int KEPT = 512;

  private static final int MAX_VERSION = 16;

  private final int maxHeadBytes;
  private final int maxHeaders;

  // Guarded by this.
  private int state = METHOD;
  private long headBytes;
  private int headers;
  private int percent; // 0 outside an escape, else the characters of it seen so far (1 or 2)
  private final StringBuilder escape = new StringBuilder(3);
  private final StringBuilder method = new StringBuilder();
  private final StringBuilder target = new StringBuilder();
  private final StringBuilder version = new StringBuilder();
  private final StringBuilder targetStart = new StringBuilder();
  private final StringBuilder headerName = new StringBuilder();
  private final StringBuilder host = new StringBuilder();
  private boolean http11 = true;
  private int hosts;
  private boolean inHost;

  /** Whether the header line that just ended was the Host's: a folded line would continue it. */
  private boolean hostLineEnded;

  private boolean refuse; // the byte just scanned must become a NUL
  private int previous; // the byte before this one
  private String lastMethod = "-"; // of the latest request line read
  private String lastRequest = "-"; // its method and target, for the log
  private boolean wroteSinceRead;
  private Problem problem;
  private String problemRequest;
  private boolean problemInThisLine; // the request line of the problem is still being read

  RequestHeadScanner(int maxHeadBytes, int maxHeaders) {
    this.maxHeadBytes = maxHeadBytes;
    this.maxHeaders = maxHeaders;
  }

  /** Scans the bytes from {@code from} (inclusive) to {@code to} of {@code buffer}. */
  synchronized void scan(ByteBuffer buffer, int from, int to) {
    if (wroteSinceRead) {
      // The client sent this after reading a response: a problem seen before was answered.
      wroteSinceRead = false;
      problem = null;
      problemRequest = null;
      problemInThisLine = false;
    }
    for (int i = from; i < to; i++) {
      accept(buffer.get(i) & 0xFF);
      if (refuse) {
        refuse = false;
        buffer.put(i, (byte) 0);
      }
    }
  }

  /** A response went out; the next bytes read belong to a request not yet described. */
  synchronized void responseWritten() {
    wroteSinceRead = true;
  }

  /** The first problem seen since the last response, if any. */
  synchronized Optional<Problem> problem() {
    return Optional.ofNullable(problem);
  }

  /** The method of the request the problem was found in, else of the latest request read. */
  synchronized String method() {
    if (problemRequest == null) {
      return method.isEmpty() ? lastMethod : method.toString();
    }
    int space = problemRequest.indexOf(' ');
    return space < 0 ? problemRequest : problemRequest.substring(0, space);
  }

  /**
   * The method and start of the target of the request the problem was found in (or of the request
   * being read), escaped for a log line, e.g. {@code GET /properties?cities=%ZZ}.
   */
  synchronized String request() {
    if (problemRequest != null) {
      return problemRequest;
    }
    return method.isEmpty() ? lastRequest : method + " " + (target.isEmpty() ? "-" : target);
  }

  private void accept(int b) {
    if (++headBytes > maxHeadBytes) {
      fail(431, "the request head (URL and headers) is larger than " + maxHeadBytes + " bytes");
    }
    if (b == '\n' && previous != '\r') {
      fail(400, "malformed request: every line must end with CR LF");
    }
    previous = b;
    switch (state) {
      case METHOD -> method(b);
      case TARGET -> target(b);
      case VERSION -> version(b);
      case HEADER_START -> headerStart(b);
      case HEADER_NAME -> headerName(b);
      case HEADER_VALUE -> headerValue(b);
      case SKIP_LINE -> {
        if (b == '\n') {
          state = HEADER_START;
        }
      }
      default -> throw new IllegalStateException("state " + state);
    }
  }

  private void method(int b) {
    if (b == ' ' && !method.isEmpty()) {
      state = TARGET;
      lastMethod = method.toString();
    } else if (HttpChars.isTokenChar(b)) {
      if (method.length() < 32) {
        method.append((char) b);
      }
    } else {
      fail(400, "malformed request line: the method contains " + HttpChars.describe(b));
      skipToHeaders(b);
    }
  }

  /** After a broken line: the headers start after its end. */
  private void skipToHeaders(int b) {
    state = b == '\n' ? HEADER_START : SKIP_LINE;
  }

  private void target(int b) {
    if (percent > 0) {
      if (HttpChars.isUrlChar(b) || b == '%') {
        escape.append((char) b);
      }
      if (HttpChars.isHex(b)) {
        percent = percent == 2 ? 0 : percent + 1;
        logTarget(b);
        keepTarget(b);
        return;
      }
      fail(
          400,
          "malformed URL: '"
              + escape
              + "' is not a percent escape ('%' and two hex digits); write a literal % as %25");
      percent = 0;
    }
    if (b == ' ') {
      state = VERSION;
      lineRead();
    } else if (b == '\r' || b == '\n') {
      fail(400, "malformed request line: no HTTP version after the request target");
      lineRead();
      skipToHeaders(b);
    } else if (b == '%') {
      percent = 1;
      escape.setLength(0);
      escape.append('%');
      logTarget(b);
      keepTarget(b);
    } else if (HttpChars.isUrlChar(b)) {
      logTarget(b);
      keepTarget(b);
    } else {
      fail(
          400,
          "malformed URL: "
              + HttpChars.describe(b)
              + " is not allowed in a URL; percent-encode it"
              + (b >= 0x80
                  ? " (as the %XX escapes of its UTF-8 bytes)"
                  : String.format(" as %%%02X", b)));
      logTarget(b);
    }
  }

  private void version(int b) {
    if (b == '\n') {
      String v = version.toString();
      if (!v.matches("HTTP/[0-9]\\.[0-9]")) {
        fail(400, "malformed request line: expected HTTP/1.1 after the request target");
      }
      // Undertow takes versions it does not know for 1.1, which needs a Host.
      http11 = !v.equals("HTTP/1.0") && !v.equals("HTTP/0.9");
      version.setLength(0);
      state = HEADER_START;
    } else if (b == '\r') {
      // the line ends at the \n
    } else if (b == ' ') {
      fail(400, "malformed URL: a space must be percent-encoded (as %20 or +)");
    } else if (version.length() < MAX_VERSION) {
      version.append((char) b);
    }
  }

  private void headerStart(int b) {
    if (b == '\r') {
      return; // the head or the line ends at the \n
    }
    if (b == '\n') {
      endOfHead();
    } else if (b == ' ' || b == '\t') {
      state = HEADER_VALUE; // obsolete line folding: the previous value goes on
      if (hostLineEnded) {
        // Undertow joins the folded line to the Host value with a space, and refuses that Host
        // without an answer when a chunked body follows: it is checked here like any other.
        inHost = true;
        if (host.length() < KEPT) {
          host.append(' ');
        }
      }
    } else if (HttpChars.isTokenChar(b)) {
      hostLineEnded = false;
      if (++headers > maxHeaders) {
        fail(431, "too many header lines; at most " + maxHeaders + " are allowed");
      }
      headerName.setLength(0);
      headerName.append((char) b);
      state = HEADER_NAME;
    } else {
      fail(400, "malformed header line: a header name contains " + HttpChars.describe(b));
      skipToHeaders(b);
    }
  }

  private void headerName(int b) {
    if (b == ':') {
      state = HEADER_VALUE;
      if (headerName.toString().equalsIgnoreCase("host") && ++hosts == 1) {
        inHost = true;
      }
    } else if (HttpChars.isTokenChar(b)) {
      if (headerName.length() < 16) {
        headerName.append((char) b);
      }
    } else {
      fail(400, "malformed header line: a header name contains " + HttpChars.describe(b));
      skipToHeaders(b);
    }
  }

  private void headerValue(int b) {
    if (b == '\n') {
      state = HEADER_START;
      hostLineEnded = inHost;
      inHost = false;
    } else if (b != '\r' && b != '\t' && (b < 0x20 || b == 0x7F)) {
      fail(400, "malformed header line: a header value contains " + HttpChars.describe(b));
    } else if (inHost && b != '\r' && host.length() < KEPT) {
      host.append((char) b);
    }
  }

  private void endOfHead() {
    // Refused even after another problem: if the parser let that one pass, it must stop here.
    HostHeaderCheck.problem(http11, hosts, host.toString().strip(), targetStart.toString())
        .ifPresent(
            message -> {
              fail(400, message);
              refuse = true;
            });
    targetStart.setLength(0);
    host.setLength(0);
    hosts = 0;
    inHost = false;
    hostLineEnded = false;
    http11 = true;
    state = METHOD;
    headBytes = 0;
    headers = 0;
    percent = 0;
    method.setLength(0);
    target.setLength(0);
    version.setLength(0);
  }

  private void fail(int status, String message) {
    if (problem == null) {
      problem = new Problem(status, message);
      problemInThisLine = state == METHOD || state == TARGET;
      problemRequest = method.isEmpty() ? "-" : method + " " + target;
    }
  }

  /** The request line's target is complete: log the whole of it with a problem found in it. */
  private void lineRead() {
    lastRequest = method + " " + target;
    String start = targetStart.toString();
    if (start.equals("*")
        ? !lastMethod.equals("OPTIONS")
        : !start.startsWith("/") && !start.startsWith("http://") && !start.startsWith("https://")) {
      fail(
          400,
          "malformed request line: the request target must be a path starting with '/' (or *"
              + " for OPTIONS)");
    }
    if (problemInThisLine) {
      problemInThisLine = false;
      problemRequest = method + " " + target;
    }
  }

  private void keepTarget(int b) {
    if (targetStart.length() < KEPT) {
      targetStart.append((char) b);
    }
  }

  private void logTarget(int b) {
    if (target.length() < LOGGED_TARGET) {
      target.append(b > 0x20 && b < 0x7F ? String.valueOf((char) b) : String.format("%%%02X", b));
    }
  }
}
