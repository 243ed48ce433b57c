package io.keybox.server.http.api;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code Link} header of a page (API.md §7, RFC 8288): absolute URLs that keep every query
 * parameter of the request in its original order and spelling, byte for byte, unknown and repeated
 * ones too, and replace only the paging parameters. A paging parameter the request did not carry is
 * appended; one it carried more than once keeps its first place and loses its repeats.
 */
final class LinkHeader {
  private final String base;
  private final List<String> rawPairs;
  private final List<String> links = new ArrayList<>();

  /**
   * @param baseUrl scheme, host and port, without a trailing slash (e.g. {@code https://a.example})
   * @param path the request path, as sent
   * @param rawQuery the request's query string, as sent (still percent-encoded), or null
   */
  LinkHeader(String baseUrl, String path, String rawQuery) {
    this.base = stripTrailingSlash(baseUrl) + path;
    this.rawPairs = new ArrayList<>();
    if (rawQuery != null && !rawQuery.isEmpty()) {
      for (String pair : rawQuery.split("&")) {
        if (!pair.isEmpty()) {
          rawPairs.add(pair);
        }
      }
    }
  }

  /**
   * Adds a link with relation {@code rel} whose paging parameters are {@code paging}; those the
   * request did not carry are appended in {@code paging}'s iteration order, so pass an ordered map.
   */
  LinkHeader add(String rel, Map<String, String> paging) {
    Map<String, String> pending = new LinkedHashMap<>(paging);
    List<String> pairs = new ArrayList<>(rawPairs.size() + paging.size());
    for (String pair : rawPairs) {
      String name = decodedName(pair);
      if (paging.containsKey(name)) {
        String value = pending.remove(name);
        if (value != null) {
          pairs.add(encode(name) + "=" + encode(value));
        }
      } else {
        pairs.add(pair);
      }
    }
    pending.forEach((name, value) -> pairs.add(encode(name) + "=" + encode(value)));
    links.add("<" + base + "?" + String.join("&", pairs) + ">; rel=\"" + rel + "\"");
    return this;
  }

  /** Whether any link was added. */
  boolean isEmpty() {
    return links.isEmpty();
  }

  /** The header value: the links, comma-separated. */
  String value() {
    return String.join(", ", links);
  }

  private static String decodedName(String pair) {
    int eq = pair.indexOf('=');
    String raw = eq < 0 ? pair : pair.substring(0, eq);
    try {
      return java.net.URLDecoder.decode(raw, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      return raw; // a malformed name is no paging parameter; keep it as sent
    }
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String stripTrailingSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
