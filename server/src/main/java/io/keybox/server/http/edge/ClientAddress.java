package io.keybox.server.http.edge;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.net.InetSocketAddress;

/**
 * The address a request comes from, for the failed-login budget: the peer of the connection, or,
 * with {@code --behind-proxy}, the last address the proxy appended to {@code X-Forwarded-For} (the
 * client as the proxy saw it; earlier entries are whatever the client claimed).
 */
final class ClientAddress {
  private static final HttpString FORWARDED_FOR = new HttpString("X-Forwarded-For");

  private ClientAddress() {}

  static String of(HttpServerExchange exchange, boolean behindProxy) {
    if (behindProxy) {
      String forwarded = exchange.getRequestHeaders().getLast(FORWARDED_FOR);
      if (forwarded != null) {
        String last = forwarded.substring(forwarded.lastIndexOf(',') + 1).strip();
        if (!last.isEmpty() && last.length() <= 64) {
          return last;
        }
      }
    }
    InetSocketAddress peer = exchange.getSourceAddress();
    return peer == null || peer.getAddress() == null ? "-" : peer.getAddress().getHostAddress();
  }
}
