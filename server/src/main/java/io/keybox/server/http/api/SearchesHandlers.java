package io.keybox.server.http.api;

import io.keybox.server.alerts.SavedSearchService;
import io.keybox.server.error.ApiException;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.query.Paging;
import io.keybox.server.query.Params;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;

/**
 * The handlers of {@code /searches} (API.md §14, issue 35): each reads the key's account, the
 * path's id and a bounded JSON body, and calls the {@link SavedSearchService}. On a node without
 * {@code serve --alerts} every one of them is a 404 naming the option: saved searches live on the
 * one node that runs them.
 */
final class SearchesHandlers {
  /**
   * The largest request body, in bytes: a search is a name, a query and a URL. Well under the
   * connector's own limit on any request body (64 KiB, where Undertow ends the connection), so a
   * body over this one is read whole and refused with a 400 the client receives.
   */
  static final int MAX_BODY = 16 * 1024;

  /** The paging parameters of the list endpoints. */
  static final List<String> PAGING = List.of("limit", "offset");

  private static final HttpString TOTAL_COUNT = new HttpString("X-Total-Count");

  private final Optional<SavedSearchService> service;

  SearchesHandlers(Optional<SavedSearchService> service) {
    this.service = service;
  }

  Reply create(HttpServerExchange exchange) throws IOException {
    return status(
        201,
        JsonBodies.send(exchange, service().create(Exchanges.account(exchange), body(exchange))));
  }

  Reply list(HttpServerExchange exchange) throws IOException {
    Paging paging = Paging.parse(Exchanges.params(exchange), 20, Integer.MAX_VALUE, false);
    SavedSearchService searches = service();
    return JsonBodies.send(
            exchange, searches.page(Exchanges.account(exchange), paging.offset(), paging.limit()))
        .with(TOTAL_COUNT, Integer.toString(searches.count(Exchanges.account(exchange))));
  }

  Reply get(HttpServerExchange exchange) throws IOException {
    return JsonBodies.send(exchange, service().get(Exchanges.account(exchange), id(exchange)));
  }

  Reply update(HttpServerExchange exchange) throws IOException {
    return JsonBodies.send(
        exchange, service().update(Exchanges.account(exchange), id(exchange), body(exchange)));
  }

  Reply delete(HttpServerExchange exchange) {
    service().delete(Exchanges.account(exchange), id(exchange));
    return Reply.empty(204);
  }

  Reply rotateSecret(HttpServerExchange exchange) throws IOException {
    return JsonBodies.send(
        exchange, service().rotateSecret(Exchanges.account(exchange), id(exchange)));
  }

  Reply deliveries(HttpServerExchange exchange) throws IOException {
    Params params = Exchanges.params(exchange);
    Paging paging = Paging.parse(params, 20, Integer.MAX_VALUE, false);
    return JsonBodies.send(
        exchange,
        service()
            .deliveries(
                Exchanges.account(exchange), id(exchange), paging.offset(), paging.limit()));
  }

  private SavedSearchService service() {
    return service.orElseThrow(
        () ->
            ApiException.notFound(
                "saved searches are served by the node started with serve --alerts, not this"
                    + " one"));
  }

  private static String id(HttpServerExchange exchange) {
    return exchange.getAttachment(Router.PATH_VARIABLE);
  }

  private static byte[] body(HttpServerExchange exchange) throws IOException {
    long declared = exchange.getRequestContentLength();
    try (InputStream in = exchange.getInputStream()) {
      if (declared > MAX_BODY) {
        drain(in);
        throw new InvalidRequestException(
            "body: at most " + MAX_BODY + " bytes (got: " + declared + ")");
      }
      byte[] body = in.readNBytes(MAX_BODY + 1);
      if (body.length > MAX_BODY) {
        drain(in);
        throw new InvalidRequestException("body: at most " + MAX_BODY + " bytes");
      }
      return body;
    }
  }

  /**
   * Reads what is left of a refused body, up to {@link #DRAIN_LIMIT}: a connection closed with
   * unread bytes is reset, and the client can lose the 400 that says why. A larger body is left
   * unread (the connection then closes).
   */
  private static void drain(InputStream in) throws IOException {
    long left = DRAIN_LIMIT;
    while (left > 0) {
      long skipped = in.skip(left);
      if (skipped <= 0) {
        if (in.read() < 0) {
          return;
        }
        skipped = 1;
      }
      left -= skipped;
    }
  }

  /** The most of a refused body read to keep its connection usable. */
  private static final long DRAIN_LIMIT = 1 << 20;

  private static Reply status(int status, Reply reply) {
    return new Reply(status, reply.headers(), reply.body());
  }
}
