package io.keybox.server.http.edge;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Puts {@code Accept-Encoding} in the form Undertow's encoding handler matches, which compares
 * coding names case-sensitively and answers {@code *} with {@code Content-Encoding: identity}.
 * Coding names are case-insensitive (RFC 9110 §8.4.1), {@code x-gzip} is gzip (§8.4.1.3), and
 * {@code *} accepts any coding not named, gzip included (§12.5.3). So {@code GZIP}, {@code x-gzip}
 * and {@code *} all get gzip.
 */
public final class AcceptEncodingHandler implements HttpHandler {
  private final HttpHandler next;

  public AcceptEncodingHandler(HttpHandler next) {
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    HeaderValues values = exchange.getRequestHeaders().get(Headers.ACCEPT_ENCODING);
    if (values != null && !values.isEmpty()) {
      exchange
          .getRequestHeaders()
          .put(Headers.ACCEPT_ENCODING, normalize(String.join(",", values)));
    }
    next.handleRequest(exchange);
  }

  /**
   * {@code header} with lower-case coding names and parameters, {@code x-gzip} and {@code *} as
   * gzip, without {@code identity}.
   */
  static String normalize(String header) {
    List<String> codings = new ArrayList<>();
    String any = null;
    boolean namesGzip = false;
    for (String element : header.split(",")) {
      int semicolon = element.indexOf(';');
      String name = (semicolon < 0 ? element : element.substring(0, semicolon)).strip();
      // Lower case too: Undertow reads "q=" only, and parameter names ignore case (§12.4.2).
      String parameters =
          semicolon < 0 ? "" : element.substring(semicolon).strip().toLowerCase(Locale.ROOT);
      name = name.toLowerCase(Locale.ROOT);
      if (name.isEmpty() || name.equals("identity")) {
        continue; // "identity" is what a response without Content-Encoding is
      }
      if (name.equals("x-gzip")) {
        name = "gzip";
      }
      if (name.equals("*")) {
        any = parameters;
        continue;
      }
      namesGzip |= name.equals("gzip");
      codings.add(name + parameters);
    }
    if (any != null && !namesGzip) {
      codings.add("gzip" + any);
    }
    return String.join(", ", codings);
  }
}
