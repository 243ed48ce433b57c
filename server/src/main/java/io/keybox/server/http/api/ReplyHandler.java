package io.keybox.server.http.api;

import io.keybox.server.http.write.Reply;
import io.undertow.server.HttpServerExchange;

/** A route's handler: reads the exchange, returns the whole answer; the router sends it. */
@FunctionalInterface
interface ReplyHandler {
  /**
   * The answer to {@code exchange}.
   *
   * @throws Exception what the edge maps to an error response
   */
  Reply handle(HttpServerExchange exchange) throws Exception;
}
