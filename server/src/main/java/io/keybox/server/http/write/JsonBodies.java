package io.keybox.server.http.write;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.http.edge.Exchanges;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.io.IOException;
import java.io.OutputStream;

/** Writing 200 JSON bodies in the negotiated media type: whole trees, or streamed arrays. */
public final class JsonBodies {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonBodies() {}

  /** Writes {@code body}. */
  public static void send(HttpServerExchange exchange, JsonNode body) throws IOException {
    write(exchange, out -> out.write(JSON.writeValueAsBytes(body)));
  }

  /** A body that writes its own JSON bytes (stored sources). */
  @FunctionalInterface
  public interface Body {
    void writeTo(OutputStream out) throws IOException;
  }

  /** Writes the one JSON value {@code body} writes. */
  public static void write(HttpServerExchange exchange, Body body) throws IOException {
    OutputStream out = start(exchange);
    body.writeTo(out);
    out.close();
  }

  /** A JSON array writer: one call per element, which writes its own bytes. */
  @FunctionalInterface
  public interface Element<T> {
    void writeTo(OutputStream out, T element) throws IOException;
  }

  /** Writes a JSON array of {@code elements}, each written by {@code element}. */
  public static <T> void array(
      HttpServerExchange exchange, Iterable<T> elements, Element<T> element) throws IOException {
    OutputStream out = start(exchange);
    out.write('[');
    boolean first = true;
    for (T item : elements) {
      if (!first) {
        out.write(',');
      }
      first = false;
      element.writeTo(out, item);
    }
    out.write(']');
    out.close();
  }

  private static OutputStream start(HttpServerExchange exchange) {
    exchange.setStatusCode(200);
    exchange
        .getResponseHeaders()
        .put(Headers.CONTENT_TYPE, Exchanges.mediaType(exchange).contentType());
    if (!exchange.isBlocking()) {
      exchange.startBlocking();
    }
    return exchange.getOutputStream();
  }
}
