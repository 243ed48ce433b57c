package io.keybox.server.http.edge;

import io.keybox.server.error.ApiException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * Who reaches the operational endpoints under {@code /-/} (OPERATIONS.md §6), without credentials.
 *
 * <ul>
 *   <li>{@code /-/openapi.json} holds no data: anyone, on every listener.
 *   <li>{@code /-/health} and {@code /-/metrics}: everyone on the admin listener ({@code
 *       --admin-port}), which serves nothing else. Without an admin listener, loopback clients of
 *       the main listener (a health check or a Prometheus on the same machine); nobody when the
 *       request came through a proxy (it carries {@code X-Forwarded-For} or {@code Forwarded}, or
 *       the server runs {@code --behind-proxy}), since the proxy's own loopback address says
 *       nothing about the client.
 * </ul>
 *
 * Anyone else gets 404, as for any path that is not there. Every other path goes on to {@code
 * next}: the API, behind authentication.
 */
public final class OpsGate implements HttpHandler {
  /** The prefix of the operational endpoints. */
  static final String PREFIX = "/-/";

  private static final HttpString FORWARDED_FOR = new HttpString("X-Forwarded-For");
  private static final HttpString FORWARDED = new HttpString("Forwarded");

  /** Where a listener's requests go. */
  public enum Listener {
    /** The admin listener: the operational endpoints to anyone, nothing else. */
    ADMIN,
    /** The main listener when there is no admin one: health and metrics to loopback clients. */
    MAIN_WITH_LOCAL_OPS,
    /** The main listener when an admin one serves health and metrics. */
    MAIN
  }

  /**
   * The operational endpoints the gate guards.
   *
   * @param handler the handler of every path under {@code /-/}
   * @param open the one path anyone may reach ({@code /-/openapi.json})
   * @param paths every path, in the order an admin listener's 404 lists them
   */
  public record Ops(HttpHandler handler, String open, List<String> paths) {
    public Ops {
      paths = List.copyOf(paths);
    }
  }

  private final Ops ops;
  private final Listener listener;
  private final boolean behindProxy;
  private final HttpHandler next;

  public OpsGate(Ops ops, Listener listener, boolean behindProxy, HttpHandler next) {
    this.ops = ops;
    this.listener = listener;
    this.behindProxy = behindProxy;
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    String path = exchange.getRelativePath();
    if (!path.startsWith(PREFIX)) {
      if (listener == Listener.ADMIN) {
        List<String> paths = ops.paths();
        throw ApiException.notFound(
            "no such path: "
                + path
                + "; the admin port serves "
                + String.join(", ", paths.subList(0, paths.size() - 1))
                + " and "
                + paths.get(paths.size() - 1));
      }
      next.handleRequest(exchange);
      return;
    }
    if (path.equals(ops.open()) || mayOperate(exchange)) {
      ops.handler().handleRequest(exchange);
      return;
    }
    throw ApiException.notFound(
        "no such path: "
            + path
            + " (operational endpoints answer on the admin port, or to loopback clients when"
            + " there is none)");
  }

  private boolean mayOperate(HttpServerExchange exchange) {
    return switch (listener) {
      case ADMIN -> true;
      case MAIN -> false;
      case MAIN_WITH_LOCAL_OPS ->
          !behindProxy
              && isLoopback(exchange.getSourceAddress())
              && !exchange.getRequestHeaders().contains(FORWARDED_FOR)
              && !exchange.getRequestHeaders().contains(FORWARDED);
    };
  }

  private static boolean isLoopback(InetSocketAddress peer) {
    return peer != null && peer.getAddress() != null && peer.getAddress().isLoopbackAddress();
  }
}
