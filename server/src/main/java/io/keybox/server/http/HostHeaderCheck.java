package io.keybox.server.http;

import io.undertow.util.NetworkUtils;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rules of Undertow's own Host header check ({@code HostHeaderHandler}, RFC 9112 §3.2 and RFC
 * 3986 §3.2.2), applied by {@link RequestHeadScanner} before Undertow sees the request: Undertow
 * answers a bad Host through the exchange, and when the request also has a chunked body and says
 * {@code Connection: close} it closes the connection without answering at all. Refused here, such a
 * request takes the parser's path and gets its JSON error like any other.
 */
final class HostHeaderCheck {
  private static final Pattern IP4 = Pattern.compile(NetworkUtils.IP4_EXACT);
  private static final Pattern IP6 = Pattern.compile(NetworkUtils.IP6_EXACT);

  /** RFC 3986 reg-name: unreserved and sub-delims (percent escapes are checked apart). */
  private static final String REG_NAME = "-._~!$&'()*+,;=";

  private HostHeaderCheck() {}

  /**
   * What is wrong with the Host of a request, if anything.
   *
   * @param http11 whether the request is HTTP/1.1 (a Host is required)
   * @param hosts how many Host header lines it has
   * @param host the first Host value, trimmed (null without one)
   * @param target the start of the request target (for the absolute form {@code http://host/...})
   */
  static Optional<String> problem(boolean http11, int hosts, String host, String target) {
    if (hosts == 0 && !http11) {
      return Optional.empty();
    }
    if (hosts == 0 || host.isEmpty()) {
      return Optional.of("malformed request: an HTTP/1.1 request needs a Host header");
    }
    if (hosts > 1) {
      return Optional.of("malformed request: more than one Host header");
    }
    String bad = "malformed request: the Host header is not a valid host[:port]";
    int bracket = host.lastIndexOf(']');
    int colon = host.lastIndexOf(':');
    String name = host;
    if (bracket < colon) {
      if (bracket == -1 && host.startsWith("[")) {
        return Optional.of(bad);
      }
      try {
        int port = Integer.parseInt(host.substring(colon + 1));
        if (port <= 0 || port > 65535) {
          return Optional.of(bad);
        }
      } catch (NumberFormatException e) {
        return Optional.of(bad);
      }
      name = host.substring(0, colon);
    }
    if (bracket > 0) {
      if (name.indexOf('[') != 0 || !validLiteral(name.substring(1, name.length() - 1))) {
        return Optional.of(bad);
      }
    } else if (!IP4.matcher(name).matches() && !validRegName(name)) {
      return Optional.of(bad);
    }
    if ((target.startsWith("http://") || target.startsWith("https://")) && !target.contains(name)) {
      return Optional.of(
          "malformed request: the Host header does not match the host of the request target");
    }
    return Optional.empty();
  }

  /** IPv6, or IPvFuture ({@code v1.x}). */
  private static boolean validLiteral(String literal) {
    if (!literal.startsWith("v")) {
      return IP6.matcher(literal).matches();
    }
    int dot = literal.indexOf('.');
    if (dot < 2 || dot + 1 >= literal.length()) {
      return false;
    }
    for (int i = 1; i < dot; i++) {
      if (Character.digit(literal.charAt(i), 16) < 0) {
        return false;
      }
    }
    for (int i = dot + 1; i < literal.length(); i++) {
      char c = literal.charAt(i);
      if (!isAlphaNumeric(c) && REG_NAME.indexOf(c) < 0 && c != ':') {
        return false;
      }
    }
    return true;
  }

  private static boolean validRegName(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '%') {
        if (i + 2 >= name.length()
            || Character.digit(name.charAt(i + 1), 16) < 0
            || Character.digit(name.charAt(i + 2), 16) < 0) {
          return false;
        }
        i += 2;
      } else if (!isAlphaNumeric(c) && REG_NAME.indexOf(c) < 0) {
        return false;
      }
    }
    return true;
  }

  private static boolean isAlphaNumeric(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
}
