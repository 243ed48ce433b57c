package io.keybox.server.http.edge;

/**
 * The request path in the one form every path check reads: percent-escapes of unreserved characters
 * decoded, as RFC 3986 §6.2.2.2 makes them equivalent ({@code /properties/%31} is {@code
 * /properties/1}, {@code /%61gents} is {@code /agents}).
 *
 * <p>Undertow's own decoding is off (the query is decoded by {@code query.Params}, so a malformed
 * escape gets a JSON 400 naming its parameter), and each of the add-on check, the operations gate
 * and the router reads the path. Decoding once, before any of them, keeps them agreeing: a path one
 * check reads as another resource than the next could slip past it. Other escapes stay as they are,
 * so an escaped {@code /} never splits a segment.
 */
final class RequestPath {
  private RequestPath() {}

  /** {@code path} with the escapes of letters, digits, {@code - . _ ~} decoded. */
  static String normalize(String path) {
    return path.indexOf('%') < 0 ? path : decodeUnreserved(path);
  }

  private static String decodeUnreserved(String path) {
    StringBuilder out = new StringBuilder(path.length());
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c == '%' && i + 2 < path.length()) {
        int decoded = hex(path.charAt(i + 1)) * 16 + hex(path.charAt(i + 2));
        if (decoded >= 0 && isUnreserved(decoded)) {
          out.append((char) decoded);
          i += 2;
          continue;
        }
      }
      out.append(c);
    }
    return out.toString();
  }

  /** The value of a hex digit, or a negative number large enough to keep any sum negative. */
  private static int hex(char c) {
    int digit = Character.digit(c, 16);
    return digit >= 0 && c < 128 ? digit : -1024;
  }

  private static boolean isUnreserved(int c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }
}
