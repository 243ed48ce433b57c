package io.keybox.server.http.edge;

import io.keybox.server.metrics.Metrics;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Records every request into {@link Metrics} when its exchange completes: the route template its
 * path matches (or {@link Metrics#OTHER_ENDPOINT}), the method, the final status, and the time from
 * here to the last byte. Outermost in the chain, so every answer is counted, errors and refusals
 * included; a request refused before routing (401, 429) is counted under the route its path would
 * have taken.
 */
public final class MetricsHandler implements HttpHandler {
  private static final Set<String> KNOWN_METHODS =
      Set.of("GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "TRACE", "CONNECT");

  private final Metrics metrics;
  private final List<RouteTemplates> routers;
  private final HttpHandler next;

  /**
   * @param routers the routers whose templates label requests that never reached them
   */
  public MetricsHandler(Metrics metrics, List<? extends RouteTemplates> routers, HttpHandler next) {
    this.metrics = metrics;
    this.routers = List.copyOf(routers);
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    long started = System.nanoTime();
    exchange.addExchangeCompleteListener(
        (done, nextListener) -> {
          metrics.request(
              endpoint(done),
              method(done.getRequestMethod().toString()),
              done.getStatusCode(),
              System.nanoTime() - started);
          nextListener.proceed();
        });
    next.handleRequest(exchange);
  }

  private String endpoint(HttpServerExchange exchange) {
    String template = exchange.getAttachment(RouteTemplates.MATCHED);
    if (template != null) {
      return template;
    }
    for (RouteTemplates router : routers) {
      Optional<String> match = router.template(exchange.getRelativePath());
      if (match.isPresent()) {
        return match.get();
      }
    }
    return Metrics.OTHER_ENDPOINT;
  }

  /** The method as a label value: a client may send any token, but label values must stay few. */
  private static String method(String method) {
    return KNOWN_METHODS.contains(method) ? method : "other";
  }
}
