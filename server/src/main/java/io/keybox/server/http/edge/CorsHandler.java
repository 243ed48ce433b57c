package io.keybox.server.http.edge;

import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.ReplySender;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.util.List;

/**
 * CORS (API.md §4). An {@code OPTIONS} request carrying {@code Origin} and {@code
 * Access-Control-Request-Method} is a preflight: answered here with 204, without authentication,
 * with the CORS headers when the origin is allowed. Any other request from an allowed origin gets
 * {@code Access-Control-Allow-Origin} and the exposed headers. {@code keybox serve} allows every
 * origin ({@code *}) by default, as the upstream API does, so that its browser examples work:
 * credentials travel in the Authorization header, never in cookies, so a page from another origin
 * gains nothing a script could not send itself. With no allowed origins configured ({@code
 * --cors-origins none}), no CORS header is ever sent. Any other {@code OPTIONS} passes on: it is a
 * metadata request.
 */
public final class CorsHandler implements HttpHandler {
  private static final HttpString ALLOW_ORIGIN = new HttpString("Access-Control-Allow-Origin");
  private static final HttpString ALLOW_METHODS = new HttpString("Access-Control-Allow-Methods");
  private static final HttpString ALLOW_HEADERS = new HttpString("Access-Control-Allow-Headers");
  private static final HttpString EXPOSE_HEADERS = new HttpString("Access-Control-Expose-Headers");
  private static final HttpString MAX_AGE = new HttpString("Access-Control-Max-Age");
  private static final HttpString REQUEST_METHOD = new HttpString("Access-Control-Request-Method");
  private static final String EXPOSED =
      "Link, X-Total-Count, X-Service-LastUpdate, X-Service-Last-Update, X-SimplyRETS-LastUpdate,"
          + " X-Service-Media-Type, X-SimplyRETS-Media-Type, X-Request-Id, RateLimit-Limit,"
          + " RateLimit-Remaining, RateLimit-Reset, Retry-After";

  private final List<String> allowedOrigins;
  private final HttpHandler next;

  public CorsHandler(List<String> allowedOrigins, HttpHandler next) {
    this.allowedOrigins = List.copyOf(allowedOrigins);
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    String origin = exchange.getRequestHeaders().getFirst(Headers.ORIGIN);
    boolean allowed = origin != null && isAllowed(origin);
    if (allowed) {
      exchange.getResponseHeaders().put(ALLOW_ORIGIN, allowedOrigins.contains("*") ? "*" : origin);
      exchange.getResponseHeaders().add(Headers.VARY, "Origin");
    }
    if (exchange.getRequestMethod().equals(Methods.OPTIONS)
        && origin != null
        && exchange.getRequestHeaders().contains(REQUEST_METHOD)) {
      if (allowed) {
        exchange.getResponseHeaders().put(ALLOW_METHODS, "GET, OPTIONS");
        exchange.getResponseHeaders().put(ALLOW_HEADERS, "Authorization, Accept, Accept-Encoding");
        exchange.getResponseHeaders().put(MAX_AGE, "600");
      }
      ReplySender.send(exchange, Reply.empty(204));
      return;
    }
    if (allowed) {
      exchange.getResponseHeaders().put(EXPOSE_HEADERS, EXPOSED);
    }
    next.handleRequest(exchange);
  }

  private boolean isAllowed(String origin) {
    return allowedOrigins.contains("*") || allowedOrigins.contains(origin);
  }
}
