package io.keybox.server.http;

/** The character classes of HTTP/1.1 request heads, as Undertow 2.4's parser applies them. */
final class HttpChars {
  private HttpChars() {}

  /** A byte for a message: {@code the character '<'}, {@code the control character 0x01}... */
  static String describe(int b) {
    if (b > 0x20 && b < 0x7F) {
      return "the character '" + (char) b + "'";
    }
    if (b == ' ') {
      return "a space";
    }
    return b < 0x80
        ? String.format("the control character 0x%02X", b)
        : String.format("the raw byte 0x%02X", b);
  }

  static boolean isHex(int b) {
    return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F');
  }

  /** RFC 9110 tchar. */
  static boolean isTokenChar(int b) {
    return (b >= 'a' && b <= 'z')
        || (b >= 'A' && b <= 'Z')
        || (b >= '0' && b <= '9')
        || "!#$%&'*+-.^_`|~".indexOf(b) >= 0;
  }

  /**
   * What Undertow 2.4's parser takes in a path or query: RFC 3986 pchar, '/', '?', and '[' ']' (the
   * '%' of an escape is handled apart).
   */
  static boolean isUrlChar(int b) {
    return (b >= 'a' && b <= 'z')
        || (b >= 'A' && b <= 'Z')
        || (b >= '0' && b <= '9')
        || "-._~!$&'()*+,;=:@/?[]".indexOf(b) >= 0;
  }
}
