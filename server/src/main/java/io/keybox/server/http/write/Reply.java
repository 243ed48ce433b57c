package io.keybox.server.http.write;

import io.undertow.util.HttpString;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One whole answer to a request: its status, its own headers (the edge sets the common ones on the
 * exchange, and a handler may set {@code X-Service-LastUpdate} there before it looks at the index,
 * so that an error carries it too), and its body as buffers, sent as they are. Handlers return one;
 * {@link ReplySender} sends it.
 *
 * @param status the HTTP status, 100..599
 * @param headers the reply's headers, in order; {@code Content-Length} is the sender's
 * @param body the body's bytes, from each buffer's position to its limit; empty for none
 */
public record Reply(int status, Map<HttpString, String> headers, List<ByteBuffer> body) {
  public Reply {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("status must be 100..599 (got: " + status + ")");
    }
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    body = List.copyOf(body);
  }

  /** A reply without a body (204, or a status whose meaning is all). */
  public static Reply empty(int status) {
    return new Reply(status, Map.of(), List.of());
  }

  /** {@code bytes} of {@code contentType} with {@code status}. */
  public static Reply of(int status, String contentType, byte[] bytes) {
    return new Reply(
        status, Map.of(Responses.CONTENT_TYPE, contentType), List.of(ByteBuffer.wrap(bytes)));
  }

  /** This reply with {@code more} headers (replacing those of the same names). */
  public Reply with(Map<HttpString, String> more) {
    Map<HttpString, String> all = new LinkedHashMap<>(headers);
    all.putAll(more);
    return new Reply(status, all, body);
  }

  /** This reply with one more header. */
  public Reply with(HttpString name, String value) {
    return with(Map.of(name, value));
  }

  /** The body's length in bytes. */
  public long length() {
    long length = 0;
    for (ByteBuffer buffer : body) {
      length += buffer.remaining();
    }
    return length;
  }
}
