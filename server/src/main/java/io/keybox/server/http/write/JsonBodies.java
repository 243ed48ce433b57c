package io.keybox.server.http.write;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.http.edge.Exchanges;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * The one JSON writer of 200 bodies, in the negotiated media type: whole trees, one stored value,
 * or arrays of stored values (listings, open houses and agents alike), each a {@link Reply}.
 */
public final class JsonBodies {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonBodies() {}

  /** {@code body} as the reply to {@code exchange}. */
  public static Reply send(HttpServerExchange exchange, JsonNode body) throws IOException {
    return write(exchange, out -> out.write(JSON.writeValueAsBytes(body)));
  }

  /** A body that writes its own JSON bytes (stored sources). */
  @FunctionalInterface
  public interface Body {
    void writeTo(OutputStream out) throws IOException;
  }

  /** The one JSON value {@code body} writes, as the reply to {@code exchange}. */
  public static Reply write(HttpServerExchange exchange, Body body) throws IOException {
    return new Reply(
        200,
        Map.of(Responses.CONTENT_TYPE, Exchanges.mediaType(exchange).contentType()),
        written(body));
  }

  /**
   * The bytes {@code body} writes, as a reply's body (in chunks: a page of megabytes is neither
   * copied as it grows nor one large array), for a reply of a content type of its own (OData's).
   */
  public static List<ByteBuffer> written(Body body) throws IOException {
    ReplyBody out = new ReplyBody();
    body.writeTo(out);
    return out.buffers();
  }

  /** A JSON array writer: one call per element, which writes its own bytes. */
  @FunctionalInterface
  public interface Element<T> {
    void writeTo(OutputStream out, T element) throws IOException;
  }

  /** A JSON array of {@code elements}, each written by {@code element}, as the reply. */
  public static <T> Reply array(
      HttpServerExchange exchange, Iterable<T> elements, Element<T> element) throws IOException {
    ReplyBody out = new ReplyBody();
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
    return reply(exchange, out);
  }

  private static Reply reply(HttpServerExchange exchange, ReplyBody body) {
    return new Reply(
        200,
        Map.of(Responses.CONTENT_TYPE, Exchanges.mediaType(exchange).contentType()),
        body.buffers());
  }
}
