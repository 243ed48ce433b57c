package io.keybox.server.http.write;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.http.edge.Exchanges;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Error bodies and the common headers of responses. */
public final class Responses {
  static final HttpString CONTENT_TYPE = io.undertow.util.Headers.CONTENT_TYPE;
  static final HttpString LAST_UPDATE = new HttpString("X-Service-LastUpdate");
  static final HttpString LAST_UPDATE_DASHED = new HttpString("X-Service-Last-Update");
  // The upstream API's own name: its clients (the WordPress plugin's IDX disclaimer) read this one.
  static final HttpString LAST_UPDATE_UPSTREAM = new HttpString("X-SimplyRETS-LastUpdate");
  public static final HttpString TOTAL_COUNT = new HttpString("X-Total-Count");
  public static final HttpString LINK = new HttpString("Link");

  private static final ObjectMapper JSON = new ObjectMapper();

  private Responses() {}

  /**
   * Sets the refresh time of a response that reads a vendor's data (API.md §4), under each of its
   * three names, with one value.
   */
  public static void lastUpdate(HttpServerExchange exchange, Instant refreshTime) {
    String value = refreshTime.truncatedTo(ChronoUnit.MILLIS).toString();
    exchange.getResponseHeaders().put(LAST_UPDATE, value);
    exchange.getResponseHeaders().put(LAST_UPDATE_DASHED, value);
    exchange.getResponseHeaders().put(LAST_UPDATE_UPSTREAM, value);
  }

  /** Writes the error body of API.md §3 with its status and reason phrase. */
  public static void error(HttpServerExchange exchange, int status, String message) {
    if (isReso(exchange)) {
      ReplySender.send(
          exchange,
          Reply.of(status, "application/json; charset=utf-8", odataErrorBody(status, message))
              .with(ODATA_VERSION, odataVersion(exchange)));
      return;
    }
    ReplySender.send(
        exchange,
        Reply.of(status, Exchanges.mediaType(exchange).contentType(), errorBody(status, message)));
  }

  /** The version the RESO routes negotiated for this request, 4.0 before (or without) them. */
  private static String odataVersion(HttpServerExchange exchange) {
    String negotiated = exchange.getResponseHeaders().getFirst(ODATA_VERSION);
    return negotiated == null ? "4.0" : negotiated;
  }

  /** The path prefix of the RESO Web API's service roots, whose errors are OData's. */
  public static final String RESO_PREFIX = "/reso/";

  /** OData's version header. */
  public static final HttpString ODATA_VERSION = new HttpString("OData-Version");

  /** Whether {@code exchange} is a request to the RESO Web API. */
  public static boolean isReso(HttpServerExchange exchange) {
    String path = exchange.getRelativePath();
    return path.startsWith(RESO_PREFIX) || path.equals("/reso");
  }

  /** The OData JSON error body: {@code {"error": {"code": "404", "message": "..."}}}. */
  static byte[] odataErrorBody(int status, String message) {
    try {
      var body = JSON.createObjectNode();
      body.putObject("error").put("code", Integer.toString(status)).put("message", message);
      return JSON.writeValueAsBytes(body);
    } catch (IOException e) {
      return ("{\"error\":{\"code\":\"" + status + "\"}}").getBytes(StandardCharsets.UTF_8);
    }
  }

  /** The error body of API.md §3: {@code {"error": status, "message": "..."}}. */
  public static byte[] errorBody(int status, String message) {
    try {
      return JSON.writeValueAsBytes(
          JSON.createObjectNode().put("error", status).put("message", message));
    } catch (IOException e) {
      return ("{\"error\":" + status + "}").getBytes(StandardCharsets.UTF_8);
    }
  }

  /** The reason phrases of API.md §3. */
  public static String reasonPhrase(int status) {
    return switch (status) {
      case 400 -> "Bad Request";
      case 401 -> "Authentication Required";
      case 403 -> "Authorization Required";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 429 -> "Too Many Requests";
      case 503 -> "Service Unavailable";
      default ->
          status >= 500 ? "Internal Server Error" : io.undertow.util.StatusCodes.getReason(status);
    };
  }
}
