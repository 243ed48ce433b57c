package io.keybox.server.http.edge;

import io.keybox.server.auth.Addon;
import io.keybox.server.error.ApiException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.Map;

/**
 * 403 for a path of an add-on the key was not granted (API.md §2: {@code /agents} needs {@code
 * agents}), whatever the method, before routing: the answer is the same whether or not the route
 * exists.
 */
public final class AddonHandler implements HttpHandler {
  /** The first path segment of each add-on's resources. */
  private static final Map<String, Addon> PATHS =
      Map.of("/agents", Addon.AGENTS, "/searches", Addon.ALERTS);

  private final HttpHandler next;

  public AddonHandler(HttpHandler next) {
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    String path = exchange.getRelativePath();
    int second = path.indexOf('/', 1);
    Addon addon = PATHS.get(second < 0 ? path : path.substring(0, second));
    if (addon != null && !Exchanges.account(exchange).has(addon)) {
      throw ApiException.forbidden(
          "the " + addon.wireName() + " add-on is not enabled for this key");
    }
    next.handleRequest(exchange);
  }
}
