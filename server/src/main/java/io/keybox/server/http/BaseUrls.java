package io.keybox.server.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The public base URL of links: the configured one ({@code --base-url}) when set, else the scheme
 * and {@code Host} of the request.
 */
final class BaseUrls {
  /** A host name or address with an optional port; anything else in Host is not echoed. */
  private static final Pattern HOST =
      Pattern.compile("[A-Za-z0-9.\\-]+(:\\d{1,5})?|\\[[0-9A-Fa-f:.]+](:\\d{1,5})?");

  private final Optional<String> configured;

  BaseUrls(Optional<String> configured) {
    this.configured =
        configured.map(url -> url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
  }

  String of(HttpServerExchange exchange) {
    if (configured.isPresent()) {
      return configured.get();
    }
    String host = exchange.getRequestHeaders().getFirst(Headers.HOST);
    if (host == null || !HOST.matcher(host).matches()) {
      host = exchange.getHostAndPort();
    }
    return exchange.getRequestScheme() + "://" + host;
  }
}
