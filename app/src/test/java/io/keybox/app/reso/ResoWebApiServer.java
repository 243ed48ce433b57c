package io.keybox.app.reso;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A RESO Web API on loopback for the pull's tests: the OData resources {@code Property}, {@code
 * OpenHouse} and {@code Member} under {@code /odata}, an OAuth2 client-credentials token endpoint
 * at {@code /token}, {@code $top} paging with an absolute {@code @odata.nextLink}, and {@code
 * $filter} with {@code ModificationTimestamp gt}, {@code MlgCanView eq} and {@code Field eq 'text'}
 * joined by {@code and}. A token is good for {@link #tokenUses} requests, so it "expires" mid-pull;
 * {@link #fault} makes a page answer 429 with Retry-After, 500 or anything else once. Records are
 * served ordered by ModificationTimestamp, then key, as replication expects.
 */
public final class ResoWebApiServer implements AutoCloseable {
  public static final String CLIENT_ID = "keybox-test";
  public static final String CLIENT_SECRET = "s3cret-client-value";
  public static final String BEARER_TOKEN = "long-lived-bearer-value";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern GT =
      Pattern.compile("\\(?ModificationTimestamp gt ([0-9TZ:.+-]+)\\)?");
  private static final Pattern EQ_BOOL = Pattern.compile("\\(?(\\w+) eq (true|false)\\)?");
  private static final Pattern EQ_TEXT = Pattern.compile("\\(?(\\w+) eq '([^']*)'\\)?");

  /** A page that answers {@code status} once (with {@code retryAfter} seconds when not null). */
  public record Fault(String resource, int page, int status, String retryAfter) {}

  private final HttpServer server;
  private final java.util.concurrent.ExecutorService executor = Executors.newFixedThreadPool(2);
  private final Map<String, Map<String, ObjectNode>> resources = new ConcurrentHashMap<>();
  private final Map<String, Integer> tokens = new ConcurrentHashMap<>();
  private final List<Fault> faults = new CopyOnWriteArrayList<>();
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private volatile int tokenUses = 1_000_000;
  private volatile int tokenLifetime = 3600;
  private int issued;

  public ResoWebApiServer() throws IOException {
    for (String resource : List.of("Property", "OpenHouse", "Member")) {
      resources.put(resource, new ConcurrentHashMap<>());
    }
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/token", this::token);
    server.createContext("/odata/", this::resource);
    server.setExecutor(executor);
    server.start();
  }

  /** The OData service root. */
  public String serviceRoot() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/odata";
  }

  public String tokenUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/token";
  }

  /** Adds or replaces a record, by its key field. */
  public void put(String resource, ObjectNode record) {
    String key =
        switch (resource) {
          case "Property" -> record.get("ListingKey").asText();
          case "OpenHouse" -> record.get("OpenHouseKey").asText();
          default -> record.get("MemberKey").asText();
        };
    resources.get(resource).put(key, record);
  }

  /** The record of {@code resource} under {@code key}. */
  public ObjectNode get(String resource, String key) {
    return resources.get(resource).get(key);
  }

  /** Each token issued from now on is refused after {@code uses} requests. */
  public void tokenUses(int uses) {
    this.tokenUses = uses;
  }

  /** The {@code expires_in} of the tokens issued from now on. */
  public void tokenLifetime(int seconds) {
    this.tokenLifetime = seconds;
  }

  /** Makes a page fail once, as the fault says. */
  public void fault(Fault fault) {
    faults.add(fault);
  }

  /** Every request so far, as method, path and decoded query, with the status it got. */
  public List<String> requests() {
    return List.copyOf(requests);
  }

  /** The Authorization headers and token request bodies received (to show where secrets went). */
  public List<String> authorizations() {
    return List.copyOf(authorizations);
  }

  public synchronized int tokensIssued() {
    return issued;
  }

  public void clearLog() {
    requests.clear();
  }

  private void token(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    authorizations.add(body);
    Map<String, String> form = form(body);
    boolean good =
        "POST".equals(exchange.getRequestMethod())
            && "client_credentials".equals(form.get("grant_type"))
            && CLIENT_ID.equals(form.get("client_id"))
            && CLIENT_SECRET.equals(form.get("client_secret"));
    if (!good) {
      send(exchange, 401, "{\"error\":\"invalid_client\"}", "POST /token");
      return;
    }
    String token;
    synchronized (this) {
      token = "tok-" + (++issued);
    }
    tokens.put(token, tokenUses);
    send(
        exchange,
        200,
        "{\"access_token\":\""
            + token
            + "\",\"token_type\":\"Bearer\",\"expires_in\":"
            + tokenLifetime
            + "}",
        "POST /token");
  }

  private void resource(HttpExchange exchange) throws IOException {
    String name = exchange.getRequestURI().getPath().substring("/odata/".length());
    Map<String, String> query = form(exchange.getRequestURI().getRawQuery());
    String line = "GET /odata/" + name + " " + new java.util.TreeMap<>(query);
    String authorization = exchange.getRequestHeaders().getFirst("Authorization");
    authorizations.add(String.valueOf(authorization));
    if (!authorized(authorization)) {
      send(exchange, 401, "{\"error\":{\"code\":\"401\",\"message\":\"token expired\"}}", line);
      return;
    }
    Map<String, ObjectNode> records = resources.get(name);
    if (records == null) {
      send(exchange, 404, "{\"error\":{\"message\":\"no such resource\"}}", line);
      return;
    }
    int top = Integer.parseInt(query.getOrDefault("$top", "100"));
    int skip = Integer.parseInt(query.getOrDefault("$skip", "0"));
    int page = skip / top;
    for (Fault fault : faults) {
      if (fault.resource().equals(name) && fault.page() == page) {
        faults.remove(fault);
        if (fault.retryAfter() != null) {
          exchange.getResponseHeaders().add("Retry-After", fault.retryAfter());
        }
        send(exchange, fault.status(), "{\"error\":{\"message\":\"injected\"}}", line);
        return;
      }
    }
    Predicate<ObjectNode> filter;
    try {
      filter = filter(query.get("$filter"));
    } catch (IllegalArgumentException e) {
      send(exchange, 400, "{\"error\":{\"message\":\"bad $filter\"}}", line);
      return;
    }
    List<ObjectNode> matching =
        records.values().stream()
            .filter(filter)
            .sorted(
                Comparator.comparing((ObjectNode r) -> r.get("ModificationTimestamp").asText())
                    .thenComparing(ResoWebApiServer::key))
            .toList();
    ObjectNode response = JSON.createObjectNode();
    response.put("@odata.context", serviceRoot() + "/$metadata#" + name);
    ArrayNode value = response.putArray("value");
    matching.stream().skip(skip).limit(top).forEach(value::add);
    if (skip + top < matching.size()) {
      Map<String, String> next = new LinkedHashMap<>(query);
      next.put("$skip", String.valueOf(skip + top));
      StringBuilder url = new StringBuilder(serviceRoot()).append('/').append(name).append('?');
      next.forEach(
          (k, v) ->
              url.append(k)
                  .append('=')
                  .append(java.net.URLEncoder.encode(v, StandardCharsets.UTF_8).replace("+", "%20"))
                  .append('&'));
      url.setLength(url.length() - 1);
      response.put("@odata.nextLink", url.toString());
    }
    send(exchange, 200, JSON.writeValueAsString(response), line);
  }

  private static String key(ObjectNode record) {
    for (String field : List.of("ListingKey", "OpenHouseKey", "MemberKey")) {
      if (record.has(field)) {
        return record.get(field).asText();
      }
    }
    return "";
  }

  private boolean authorized(String authorization) {
    if (authorization == null || !authorization.startsWith("Bearer ")) {
      return false;
    }
    String token = authorization.substring("Bearer ".length());
    if (token.equals(BEARER_TOKEN)) {
      return true;
    }
    Integer left = tokens.computeIfPresent(token, (t, uses) -> uses - 1);
    return left != null && left >= 0;
  }

  /** The filter terms the tests use, joined by {@code and}. */
  static Predicate<ObjectNode> filter(String filter) {
    Predicate<ObjectNode> all = r -> true;
    if (filter == null || filter.isBlank()) {
      return all;
    }
    for (String term : filter.split(" and ")) {
      Matcher m;
      if ((m = GT.matcher(term.strip())).matches()) {
        Instant after = Instant.parse(m.group(1));
        all = all.and(r -> Instant.parse(r.get("ModificationTimestamp").asText()).isAfter(after));
      } else if ((m = EQ_BOOL.matcher(term.strip())).matches()) {
        String field = m.group(1);
        boolean wanted = Boolean.parseBoolean(m.group(2));
        all = all.and(r -> r.path(field).asBoolean(true) == wanted);
      } else if ((m = EQ_TEXT.matcher(term.strip())).matches()) {
        String field = m.group(1);
        String wanted = m.group(2);
        all = all.and(r -> wanted.equals(r.path(field).asText(null)));
      } else {
        throw new IllegalArgumentException(term);
      }
    }
    return all;
  }

  private static Map<String, String> form(String raw) {
    Map<String, String> values = new HashMap<>();
    if (raw == null || raw.isEmpty()) {
      return values;
    }
    for (String pair : raw.split("&")) {
      int eq = pair.indexOf('=');
      String name =
          URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      String value =
          eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      values.put(name, value);
    }
    return values;
  }

  private void send(HttpExchange exchange, int status, String body, String line)
      throws IOException {
    requests.add(line + " -> " + status);
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    String accepted = exchange.getRequestHeaders().getFirst("Accept-Encoding");
    if (status == 200 && accepted != null && accepted.contains("gzip")) {
      // As MLS Grid does: the pages travel compressed.
      java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
      try (OutputStream gzip = new java.util.zip.GZIPOutputStream(zipped)) {
        gzip.write(bytes);
      }
      bytes = zipped.toByteArray();
      exchange.getResponseHeaders().add("Content-Encoding", "gzip");
    }
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** The records {@code resource} holds. */
  public int size(String resource) {
    return resources.get(resource).size();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
