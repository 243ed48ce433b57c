package io.keybox.server.http.edge;

import io.keybox.server.error.ApiException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * The OAuth2 client-credentials form of {@code POST /oauth2/token} (RFC 6749 §4.4), read before
 * authentication: a client may send its id and secret in the form body ({@code client_id}, {@code
 * client_secret}) instead of HTTP Basic, as RESO's test tools do both ways. Credentials from the
 * form become the request's Basic credentials, so {@link AuthHandler} checks them like any other
 * (its failed-login throttle and hash rationing included). The form's {@code grant_type} is
 * attached for the token endpoint.
 */
public final class TokenForm implements HttpHandler {
  /** The token endpoint's path. */
  public static final String PATH = "/oauth2/token";

  /** The form's {@code grant_type}, attached to a token request ("" when absent). */
  public static final AttachmentKey<String> GRANT_TYPE = AttachmentKey.create(String.class);

  /** A token form is a few short fields; anything longer is not one. */
  private static final int MAX_BODY_BYTES = 8 * 1024;

  private final HttpHandler next;

  public TokenForm(HttpHandler next) {
    this.next = next;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    if (!exchange.getRelativePath().equals(PATH)
        || !exchange.getRequestMethod().equals(Methods.POST)) {
      next.handleRequest(exchange);
      return;
    }
    Map<String, String> form = read(exchange);
    exchange.putAttachment(GRANT_TYPE, form.getOrDefault("grant_type", ""));
    String id = form.get("client_id");
    String secret = form.get("client_secret");
    if (id != null
        && secret != null
        && exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION) == null) {
      String pair = id + ":" + secret;
      exchange
          .getRequestHeaders()
          .put(
              Headers.AUTHORIZATION,
              "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
    }
    next.handleRequest(exchange);
  }

  private static Map<String, String> read(HttpServerExchange exchange) throws IOException {
    if (!exchange.isBlocking()) {
      exchange.startBlocking();
    }
    byte[] body;
    try (InputStream in = exchange.getInputStream()) {
      body = in.readNBytes(MAX_BODY_BYTES + 1);
    }
    if (body.length > MAX_BODY_BYTES) {
      throw ApiException.badRequest(
          "the token request's form is longer than " + MAX_BODY_BYTES + " bytes");
    }
    Map<String, String> form = new HashMap<>();
    for (String pair : new String(body, StandardCharsets.UTF_8).split("&")) {
      if (!pair.isEmpty()) {
        String[] nameValue = pair.split("=", 2);
        form.putIfAbsent(decode(nameValue[0]), nameValue.length > 1 ? decode(nameValue[1]) : "");
      }
    }
    return form;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest(
          "the token request's form is not URL-encoded: " + e.getMessage());
    }
  }
}
