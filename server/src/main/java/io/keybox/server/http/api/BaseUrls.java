package io.keybox.server.http.api;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The public base URL of links: the configured one ({@code --base-url}) when set, else the scheme
 * and {@code Host} of the request. Behind a proxy ({@code --behind-proxy}, and only then) the
 * proxy's {@code X-Forwarded-Proto} and {@code X-Forwarded-Host} take their place, since the
 * request the server sees is the proxy's.
 */
final class BaseUrls {
  /** A host name or address with an optional port; anything else in Host is not echoed. */
  private static final Pattern HOST =
      Pattern.compile("[A-Za-z0-9.\\-]+(:\\d{1,5})?|\\[[0-9A-Fa-f:.]+](:\\d{1,5})?");

  private static final HttpString FORWARDED_PROTO = new HttpString("X-Forwarded-Proto");
  private static final HttpString FORWARDED_HOST = new HttpString("X-Forwarded-Host");

  private final Optional<String> configured;
  private final boolean trustForwarded;

  /**
   * @param configured the {@code --base-url}, if given
   * @param trustForwarded whether {@code X-Forwarded-Proto} and {@code -Host} count (only behind a
   *     proxy: anyone else could send them)
   */
  BaseUrls(Optional<String> configured, boolean trustForwarded) {
    this.configured =
        configured.map(url -> url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
    this.trustForwarded = trustForwarded;
  }

  String of(HttpServerExchange exchange) {
    if (configured.isPresent()) {
      return configured.get();
    }
    String scheme = exchange.getRequestScheme();
    String host = validHost(exchange.getRequestHeaders().getFirst(Headers.HOST));
    if (trustForwarded) {
      String proto = first(exchange.getRequestHeaders().getFirst(FORWARDED_PROTO));
      if (proto != null) {
        proto = proto.toLowerCase(Locale.ROOT);
        if (proto.equals("http") || proto.equals("https")) {
          scheme = proto;
        }
      }
      String forwardedHost =
          validHost(first(exchange.getRequestHeaders().getFirst(FORWARDED_HOST)));
      if (forwardedHost != null) {
        host = forwardedHost;
      }
    }
    return scheme + "://" + (host == null ? exchange.getHostAndPort() : host);
  }

  /** The first of a comma-separated list (each proxy on the way appends its own). */
  private static String first(String value) {
    if (value == null) {
      return null;
    }
    int comma = value.indexOf(',');
    return (comma < 0 ? value : value.substring(0, comma)).strip();
  }

  private static String validHost(String host) {
    return host != null && HOST.matcher(host).matches() ? host : null;
  }
}
