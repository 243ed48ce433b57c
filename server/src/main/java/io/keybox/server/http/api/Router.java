package io.keybox.server.http.api;

import io.keybox.server.error.ApiException;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.edge.RouteTemplates;
import io.keybox.server.http.write.ReplySender;
import io.keybox.server.query.Params;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Routes by path template and method. An unknown path is 404; a known path with another method is
 * 405 with an {@code Allow} header listing the methods it takes. Templates are tried in the order
 * they were added, so a literal path ({@code /properties/analytics}) goes before a variable one
 * ({@code /properties/{mlsId}}). One trailing slash is ignored.
 *
 * <p>A route's handler returns its whole {@link io.keybox.server.http.write.Reply}, which the
 * router sends ({@link ReplySender}).
 *
 * <p>Each route declares the query parameters its handler reads (the filters are the rows of the
 * schema's filter tables the handler's parser reads). The router parses the query string into
 * {@link Params} ({@link Exchanges#params}), and {@link #endpoints()} publishes the names.
 */
public final class Router implements HttpHandler, RouteTemplates {
  /** The path variable of the matched template (one per template at most). */
  static final AttachmentKey<String> PATH_VARIABLE = AttachmentKey.create(String.class);

  private record Handler(List<String> parameters, ReplyHandler handler) {}

  private record Route(String template, Pattern pattern, Map<HttpString, Handler> handlers) {}

  private final List<Route> routes = new ArrayList<>();

  /**
   * Adds {@code handler} for {@code method} on {@code template} ({@code {name}} is a segment),
   * reading the query parameters {@code parameters}.
   */
  Router add(HttpString method, String template, List<String> parameters, ReplyHandler handler) {
    Handler entry = new Handler(List.copyOf(parameters), handler);
    Pattern pattern = Pattern.compile(template.replaceAll("\\{[^/]+}", "([^/]+)"));
    for (Route route : routes) {
      if (route.template().equals(template)) {
        route.handlers().put(method, entry);
        return this;
      }
    }
    Map<HttpString, Handler> handlers = new LinkedHashMap<>();
    handlers.put(method, entry);
    routes.add(new Route(template, pattern, handlers));
    return this;
  }

  /** Every route: method, path template and the query parameters it accepts. */
  public List<Endpoint> endpoints() {
    List<Endpoint> endpoints = new ArrayList<>();
    for (Route route : routes) {
      route
          .handlers()
          .forEach(
              (method, handler) ->
                  endpoints.add(
                      new Endpoint(method.toString(), route.template(), handler.parameters())));
    }
    return endpoints;
  }

  @Override
  public Optional<String> template(String path) {
    String normalized = normalize(path);
    for (Route route : routes) {
      if (route.pattern().matcher(normalized).matches()) {
        return Optional.of(route.template());
      }
    }
    return Optional.empty();
  }

  private static String normalize(String path) {
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    String path = normalize(exchange.getRelativePath());
    for (Route route : routes) {
      Matcher matcher = route.pattern().matcher(path);
      if (matcher.matches()) {
        exchange.putAttachment(RouteTemplates.MATCHED, route.template());
        Handler handler = route.handlers().get(exchange.getRequestMethod());
        if (handler == null) {
          List<String> allowed =
              route.handlers().keySet().stream().map(HttpString::toString).toList();
          exchange.getResponseHeaders().put(Headers.ALLOW, String.join(", ", allowed));
          throw ApiException.methodNotAllowed(
              exchange.getRequestMethod()
                  + " is not allowed on "
                  + path
                  + "; allowed: "
                  + String.join(", ", allowed));
        }
        if (matcher.groupCount() > 0) {
          exchange.putAttachment(PATH_VARIABLE, matcher.group(1));
        }
        exchange.putAttachment(Exchanges.PARAMS, Params.parse(exchange.getQueryString()));
        ReplySender.send(exchange, handler.handler().handle(exchange));
        return;
      }
    }
    throw ApiException.notFound("no such path: " + path);
  }
}
