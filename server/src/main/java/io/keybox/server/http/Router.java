package io.keybox.server.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Routes by path template and method. An unknown path is 404; a known path with another method is
 * 405 with an {@code Allow} header listing the methods it takes. Templates are tried in the order
 * they were added, so a literal path ({@code /properties/analytics}) goes before a variable one
 * ({@code /properties/{mlsId}}). One trailing slash is ignored.
 */
final class Router implements HttpHandler {
  /** The path variable of the matched template (one per template at most). */
  static final AttachmentKey<String> PATH_VARIABLE = AttachmentKey.create(String.class);

  private record Route(Pattern pattern, Map<HttpString, HttpHandler> handlers) {}

  private final List<Route> routes = new ArrayList<>();

  /** Adds {@code handler} for {@code method} on {@code template} ({@code {name}} is a segment). */
  Router add(HttpString method, String template, HttpHandler handler) {
    Pattern pattern = Pattern.compile(template.replaceAll("\\{[^/]+}", "([^/]+)"));
    for (Route route : routes) {
      if (route.pattern().pattern().equals(pattern.pattern())) {
        route.handlers().put(method, handler);
        return this;
      }
    }
    Map<HttpString, HttpHandler> handlers = new LinkedHashMap<>();
    handlers.put(method, handler);
    routes.add(new Route(pattern, handlers));
    return this;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    String path = exchange.getRelativePath();
    if (path.length() > 1 && path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    for (Route route : routes) {
      Matcher matcher = route.pattern().matcher(path);
      if (matcher.matches()) {
        HttpHandler handler = route.handlers().get(exchange.getRequestMethod());
        if (handler == null) {
          List<String> allowed =
              route.handlers().keySet().stream().map(HttpString::toString).toList();
          exchange.getResponseHeaders().put(Headers.ALLOW, String.join(", ", allowed));
          throw io.keybox.server.error.ApiException.methodNotAllowed(
              exchange.getRequestMethod()
                  + " is not allowed on "
                  + path
                  + "; allowed: "
                  + String.join(", ", allowed));
        }
        if (matcher.groupCount() > 0) {
          exchange.putAttachment(PATH_VARIABLE, matcher.group(1));
        }
        handler.handleRequest(exchange);
        return;
      }
    }
    throw io.keybox.server.error.ApiException.notFound("no such path: " + path);
  }
}
