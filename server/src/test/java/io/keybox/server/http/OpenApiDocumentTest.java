package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.agent.AgentFilters;
import io.keybox.schema.agent.AgentShape;
import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.FilterTable;
import io.keybox.schema.filter.ValueType;
import io.keybox.schema.listing.ListingFilters;
import io.keybox.schema.listing.ListingShape;
import io.keybox.schema.openhouse.OpenHouseFilters;
import io.keybox.schema.openhouse.OpenHouseShape;
import io.keybox.schema.shape.Shape;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Addon;
import io.keybox.server.auth.RateLimit;
import io.keybox.server.auth.SecretHash;
import io.keybox.server.http.api.Endpoint;
import io.keybox.server.http.api.OpsHandlers;
import io.keybox.server.http.pages.MediaRoute;
import io.keybox.server.replica.ReplicaStatus;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenAPI document served at {@code /-/openapi.json} against the implementation: an independent
 * parser accepts it; every operation the server routes is documented with exactly the query
 * parameters its code reads ({@link KeyboxServer#endpoints()}), and nothing else is documented;
 * every filter parameter is documented by its filter table row (its line and its value's shape),
 * and every other documented parameter is a paging, sort or include one; real responses over
 * data/fixtures/basic conform to the documented schemas and hold every documented key; the
 * documented required headers are sent; the resource schemas follow the schema module's shapes.
 */
class OpenApiDocumentTest {
  private static final String SECRET = "s3cret";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern PATH_VARIABLE = Pattern.compile("\\{([^/]+)}");

  @TempDir static Path dataDir;
  private static FixtureServer server;
  private static JsonNode document;
  private static String documentText;

  @BeforeAll
  static void start() throws Exception {
    FixtureServer.index(dataDir, "fixture", "basic");
    SecretHash hash = SecretHash.create(SECRET, 1000);
    Accounts accounts =
        Accounts.of(
            List.of(
                new Account(
                    "agency",
                    List.of("fixture"),
                    Set.of(Addon.AGENTS, Addon.ALERTS),
                    RateLimit.DEFAULT,
                    hash),
                new Account("plain", List.of("fixture"), Set.of(), RateLimit.DEFAULT, hash),
                new Account("early", List.of("coming"), Set.of(), RateLimit.DEFAULT, hash)));
    server = FixtureServer.withAlerts(dataDir, accounts);
    HttpResponse<String> served =
        server.send(HttpRequest.newBuilder(server.uri("/-/openapi.json")).GET(), null, null);
    assertEquals(200, served.statusCode());
    documentText = served.body();
    document = JSON.readTree(documentText);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  // ------------------------------------------------------------------ the document is valid

  @Test
  void anOpenApiParserAcceptsTheDocument() {
    SwaggerParseResult result = parse(documentText);
    assertNotNull(result.getOpenAPI(), String.valueOf(result.getMessages()));
    assertEquals(List.of(), result.getMessages());
    assertEquals("3.1.0", result.getOpenAPI().getOpenapi());
    assertEquals(
        document.get("paths").size(), result.getOpenAPI().getPaths().size(), "paths parsed");
  }

  @Test
  void theParserRejectsABrokenDocument() {
    // The check above means something only if the parser reports what is wrong.
    ObjectNode broken = document.deepCopy();
    broken.remove("info");
    ((ObjectNode) broken.at("/paths/~1properties/get")).remove("responses");
    ((ObjectNode) broken.at("/paths/~1agents/get/parameters/0"))
        .put("$ref", "#/components/parameters/noSuchParameter");
    SwaggerParseResult result = parse(broken.toString());
    String messages = String.valueOf(result.getMessages());
    assertTrue(messages.contains("info"), messages);
    assertTrue(messages.contains("responses"), messages);
  }

  private static SwaggerParseResult parse(String text) {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    options.setValidateInternalRefs(true);
    return new OpenAPIV3Parser().readContents(text, null, options);
  }

  @Test
  void theServedDocumentIsTheResource() {
    assertEquals(new String(OpsHandlers.openApiDocument(), StandardCharsets.UTF_8), documentText);
  }

  // ------------------------------------------------------------------ operations and parameters

  @Test
  void everyRoutedOperationIsDocumentedWithExactlyTheParametersItReads() {
    Set<String> routed = new TreeSet<>();
    for (Endpoint endpoint : server.server().endpoints()) {
      String method = endpoint.method().toLowerCase(Locale.ROOT);
      String where = endpoint.method() + " " + endpoint.path();
      routed.add(where);
      JsonNode operation = document.path("paths").path(endpoint.path()).path(method);
      assertFalse(operation.isMissingNode(), where + " is not documented");
      Set<String> query = new TreeSet<>();
      Set<String> path = new TreeSet<>();
      for (JsonNode parameter : operation.path("parameters")) {
        JsonNode resolved = resolve(parameter);
        String in = resolved.get("in").asText();
        String name = resolved.get("name").asText();
        assertTrue((in.equals("query") ? query : path).add(name), where + ": " + name + " twice");
        assertTrue(in.equals("query") || in.equals("path"), where + ": " + name + " in " + in);
      }
      assertEquals(new TreeSet<>(endpoint.parameters()), query, where + ": query parameters");
      Set<String> variables = new TreeSet<>();
      Matcher m = PATH_VARIABLE.matcher(endpoint.path());
      while (m.find()) {
        variables.add(m.group(1));
      }
      assertEquals(variables, path, where + ": path parameters");
    }
    Set<String> documented = new TreeSet<>();
    document
        .get("paths")
        .fields()
        .forEachRemaining(
            p ->
                p.getValue()
                    .fieldNames()
                    .forEachRemaining(
                        method ->
                            documented.add(method.toUpperCase(Locale.ROOT) + " " + p.getKey())));
    assertEquals(routed, documented, "documented operations");
  }

  // ------------------------------------------------------------------ filter rows

  /** Each search operation's filter table. */
  private static final Map<String, FilterTable> FILTERS =
      Map.of(
          "/properties", ListingFilters.TABLE,
          "/properties/analytics", ListingFilters.ANALYTICS,
          "/openhouses", OpenHouseFilters.TABLE,
          "/agents", AgentFilters.TABLE);

  /** What a search reads besides its filters. */
  private static final Set<String> NOT_FILTERS =
      Set.of("sort", "include", "limit", "offset", "lastId", "count", "vendor");

  @Test
  void everyFilterRowIsDocumentedByItsLineAndShapeAndEveryOtherParameterIsNoFilter() {
    List<String> problems = new ArrayList<>();
    FILTERS.forEach(
        (path, table) -> {
          Map<String, JsonNode> documented = queryParameters(path);
          for (Filter<?> row : table.rows()) {
            JsonNode parameter = documented.get(row.name());
            if (parameter == null) {
              problems.add(path + ": filter " + row.name() + " is not documented");
            } else {
              problems.addAll(rowProblems(path, row, parameter));
            }
          }
          for (String name : documented.keySet()) {
            if (table.row(name).isEmpty() && !NOT_FILTERS.contains(name)) {
              problems.add(path + ": " + name + " is documented but is no filter row");
            }
          }
        });
    // The single-record lookups take the listing's display rule alone.
    for (String path :
        List.of(
            "/properties/{mlsId}", "/properties/{mlsId}/analytics", "/openhouses/{openHouseKey}")) {
      problems.addAll(rowProblems(path, ListingFilters.IDX, queryParameters(path).get("idx")));
    }
    assertEquals(List.of(), problems);
  }

  /** The query parameters documented on GET {@code path}, by name. */
  private static Map<String, JsonNode> queryParameters(String path) {
    Map<String, JsonNode> parameters = new LinkedHashMap<>();
    for (JsonNode parameter : document.path("paths").path(path).path("get").path("parameters")) {
      JsonNode resolved = resolve(parameter);
      if (resolved.path("in").asText().equals("query")) {
        parameters.put(resolved.get("name").asText(), resolved);
      }
    }
    return parameters;
  }

  /** Where {@code parameter}'s description and schema differ from {@code row}. */
  private static List<String> rowProblems(String path, Filter<?> row, JsonNode parameter) {
    String where = path + ": " + row.name();
    List<String> problems = new ArrayList<>();
    if (!row.doc().equals(parameter.path("description").asText())) {
      problems.add(
          where
              + ": documented as '"
              + parameter.path("description").asText()
              + "', the row says '"
              + row.doc()
              + "'");
    }
    JsonNode schema = parameter.path("schema");
    JsonNode value = schema;
    if (row.repeated()) {
      if (!schema.path("type").asText().equals("array")
          || !parameter.path("style").asText().equals("form")
          || !parameter.path("explode").asBoolean()) {
        problems.add(where + ": repeated, but not documented as an exploded form array");
      }
      value = schema.path("items");
    } else if (schema.path("type").asText().equals("array")) {
      problems.add(where + ": one value, but documented as an array");
    }
    String type =
        switch (row.type()) {
          case TEXT, DATE -> "string";
          case INTEGER -> "integer";
          case DECIMAL -> "number";
        };
    if (!value.path("type").asText().equals(type)) {
      problems.add(where + ": a " + type + ", documented as " + value.path("type"));
    }
    if (row.type() == ValueType.INTEGER && !value.path("format").asText().equals("int64")) {
      problems.add(where + ": a 64-bit integer, documented with format " + value.path("format"));
    }
    Set<String> documentedValues = new TreeSet<>();
    value.path("enum").forEach(v -> documentedValues.add(v.asText()));
    if (!documentedValues.equals(new TreeSet<>(row.allowed()))) {
      problems.add(where + ": accepts " + row.allowed() + ", documented " + documentedValues);
    }
    return problems;
  }

  // ------------------------------------------------------------------ real responses

  /** One request of the sample: the operation it exercises and what to send. */
  private record Sample(
      String method,
      String template,
      String target,
      String key,
      int status,
      Set<String> includes) {}

  /** The request bodies of the samples that send one, by method and target. */
  private static final Map<String, String> BODIES = new HashMap<>();

  private static String searchBody(String name) {
    return "{\"name\":\""
        + name
        + "\",\"query\":\"cities=Houston&minbeds=2\","
        + "\"webhook\":\"https://crm.example.com/hooks/keybox\",\"events\":[\"new\",\"price\"]}";
  }

  /** A saved search of the key "agency"; its id. */
  private static String createSearch(String name) throws Exception {
    HttpResponse<String> created =
        server.send(
            HttpRequest.newBuilder(server.uri("/searches"))
                .POST(HttpRequest.BodyPublishers.ofString(searchBody(name))),
            "agency",
            SECRET);
    assertEquals(201, created.statusCode(), created.body());
    return json(created).get("id").asText();
  }

  private static List<Sample> samples() throws Exception {
    String someOpenHouse =
        json(server.get("/openhouses?idx=ignore", "agency", SECRET)).at("/0/openHouseKey").asText();
    Set<String> both = Set.of("rooms", "compliance");
    Set<String> none = Set.of();
    String kept = createSearch("kept");
    String doomed = createSearch("doomed");
    BODIES.put("POST /searches", searchBody("sampled"));
    BODIES.put("PATCH /searches/" + kept, "{\"name\":\"renamed\",\"enabled\":false}");
    return List.of(
        new Sample("POST", "/searches", "/searches", "agency", 201, none),
        new Sample("GET", "/searches", "/searches?limit=10", "agency", 200, none),
        new Sample("GET", "/searches/{id}", "/searches/" + kept, "agency", 200, none),
        new Sample("PATCH", "/searches/{id}", "/searches/" + kept, "agency", 200, none),
        new Sample(
            "POST", "/searches/{id}/secret", "/searches/" + kept + "/secret", "agency", 200, none),
        new Sample(
            "GET",
            "/searches/{id}/deliveries",
            "/searches/" + kept + "/deliveries",
            "agency",
            200,
            none),
        new Sample("DELETE", "/searches/{id}", "/searches/" + doomed, "agency", 204, none),
        new Sample("GET", "/searches/{id}", "/searches/" + doomed, "agency", 404, none),
        new Sample("GET", "/searches", "/searches", "plain", 403, none),
        new Sample(
            "GET",
            "/properties",
            "/properties?idx=ignore&status=Active&status=Pending&status=Closed&type=residential"
                + "&type=rental&type=land&type=multifamily&include=rooms&include=compliance"
                + "&limit=500&count=true",
            "agency",
            200,
            both),
        new Sample("GET", "/properties", "/properties?limit=3", "agency", 200, none),
        new Sample(
            "GET",
            "/properties/{mlsId}",
            "/properties/104?include=rooms&include=compliance",
            "agency",
            200,
            both),
        new Sample("GET", "/properties/{mlsId}", "/properties/101", "agency", 200, none),
        new Sample("GET", "/properties/analytics", "/properties/analytics", "agency", 200, none),
        new Sample(
            "GET",
            "/properties/clusters",
            "/properties/clusters?bbox=-180,-85,180,85&zoom=3&maxClusters=5",
            "agency",
            200,
            none),
        new Sample(
            "GET",
            "/properties/{mlsId}/analytics",
            "/properties/104/analytics",
            "agency",
            200,
            none),
        new Sample(
            "GET",
            "/openhouses",
            "/openhouses?idx=ignore&limit=500&include=rooms&include=compliance&count=true",
            "agency",
            200,
            both),
        new Sample(
            "GET",
            "/openhouses/{openHouseKey}",
            "/openhouses/" + someOpenHouse + "?idx=ignore",
            "agency",
            200,
            none),
        new Sample("GET", "/agents", "/agents?limit=500&count=true", "agency", 200, none),
        new Sample("OPTIONS", "/", "/", "agency", 200, none),
        new Sample("OPTIONS", "/properties", "/properties", "agency", 200, none),
        new Sample("GET", "/-/health", "/-/health", null, 200, none),
        new Sample("GET", "/-/openapi.json", "/-/openapi.json", null, 200, none),
        // Errors, each with the Error schema.
        new Sample("GET", "/properties", "/properties?limit=0", "agency", 400, none),
        new Sample("GET", "/properties", "/properties", null, 401, none),
        new Sample("GET", "/agents", "/agents", "plain", 403, none),
        new Sample("GET", "/properties/{mlsId}", "/properties/999999", "agency", 404, none),
        new Sample("GET", "/properties", "/properties", "early", 503, none),
        new Sample("GET", "/-/health", "/-/health", null, 503, none));
  }

  @Test
  void realResponsesConformAndHoldEverySchemaKey(@TempDir Path otherDir) throws Exception {
    SchemaCheck check = new SchemaCheck(document);
    Set<String> operationsSampled = new TreeSet<>();
    List<String> problems = new ArrayList<>();
    // The main server's key "early" names a vendor without an index, so its health is 503; this
    // one's keys name only the fixture vendor.
    FixtureServer.index(otherDir, "fixture", "basic");
    // Its photos are mirrored (one pending): health shows the media catalog's counts.
    try (io.keybox.state.StateStore state = io.keybox.state.StateStore.open(otherDir)) {
      new io.keybox.state.media.MediaCatalog(state, "fixture", java.time.Clock.systemUTC())
          .replaceListing(
              "L",
              List.of(
                  new io.keybox.state.media.MediaRecord(
                      "M",
                      "L",
                      0,
                      "https://m.example/1.jpg",
                      Optional.empty(),
                      Optional.empty(),
                      java.util.OptionalInt.empty(),
                      java.util.OptionalInt.empty(),
                      Instant.EPOCH)));
    }
    try (FixtureServer ready =
        new FixtureServer(
            otherDir,
            Accounts.of(List.of(FixtureServer.account("fixture", "k", SECRET, RateLimit.DEFAULT))),
            ServerConfig.loopback(0),
            // As a query node following a store reports it (serve --replica-of), every key set.
            vendor ->
                Optional.of(
                    new ReplicaStatus(
                        Optional.of(Instant.parse("2026-11-02T03:20:11.842Z")),
                        true,
                        Optional.of("STORE_UNAVAILABLE: connection refused"))))) {
      for (Sample sample : samples()) {
        FixtureServer on =
            sample.template().equals("/-/health") && sample.status() == 200 ? ready : server;
        HttpResponse<String> response =
            on.send(
                HttpRequest.newBuilder(on.uri(sample.target()))
                    .method(
                        sample.method(),
                        BODIES.containsKey(sample.method() + " " + sample.target())
                            ? HttpRequest.BodyPublishers.ofString(
                                BODIES.get(sample.method() + " " + sample.target()))
                            : HttpRequest.BodyPublishers.noBody()),
                sample.key(),
                SECRET);
        String where = sample.method() + " " + sample.target();
        assertEquals(sample.status(), response.statusCode(), where + ": " + response.body());
        JsonNode documented = documentedResponse(sample, where);
        problems.addAll(headerProblems(documented, response, where));
        if (sample.status() == 204) {
          assertEquals("", response.body(), where + ": a 204 has no body");
          assertTrue(documented.path("content").isMissingNode(), where + ": documented no body");
          operationsSampled.add(sample.method() + " " + sample.template());
          continue;
        }
        JsonNode content = documented.path("content");
        String type = response.headers().firstValue("Content-Type").orElse("");
        String mediaType =
            type.substring(0, type.indexOf(';') < 0 ? type.length() : type.indexOf(';'));
        JsonNode schema = content.path(mediaType).path("schema");
        assertFalse(schema.isMissingNode(), where + ": no schema for " + mediaType);
        for (String problem :
            check.check(schema, JSON.readTree(response.body()), sample.includes())) {
          problems.add(where + ": " + problem);
        }
        if (sample.status() / 100 == 2) {
          operationsSampled.add(sample.method() + " " + sample.template());
        }
      }
    }
    HttpResponse<String> metrics =
        server.send(HttpRequest.newBuilder(server.uri("/-/metrics")).GET(), null, null);
    assertTrue(
        document
            .at("/paths/~1-~1metrics/get/responses/200/content")
            .has(
                metrics
                    .headers()
                    .firstValue("Content-Type")
                    .orElseThrow()
                    .split(";\\s*charset")[0]));
    operationsSampled.add("GET /-/metrics");
    assertEquals(List.of(), problems);

    Set<String> routed = new TreeSet<>();
    server.server().endpoints().forEach(e -> routed.add(e.method() + " " + e.path()));
    // A photo is a JPEG, not JSON, and the fixture mirrors none: app's PhotosCommandTest requests
    // photos of a real mirror and checks their headers.
    routed.remove("GET " + MediaRoute.TEMPLATE);
    assertEquals(routed, operationsSampled, "every operation answered a sample request");

    Map<String, Set<String>> missing = new LinkedHashMap<>();
    check
        .declared()
        .forEach(
            (location, keys) -> {
              Set<String> absent = new LinkedHashSet<>(keys);
              absent.removeAll(check.seen().getOrDefault(location, Set.of()));
              if (!check.nonNull().contains(location) || !absent.isEmpty()) {
                missing.put(location, absent);
              }
            });
    assertEquals(Map.of(), missing, "schema keys that no real response held");
  }

  private static JsonNode documentedResponse(Sample sample, String where) {
    JsonNode responses =
        document
            .path("paths")
            .path(sample.template())
            .path(sample.method().toLowerCase(Locale.ROOT))
            .path("responses");
    JsonNode response = responses.path(Integer.toString(sample.status()));
    assertFalse(
        response.isMissingNode(), where + ": status " + sample.status() + " not documented");
    return resolve(response);
  }

  private static List<String> headerProblems(
      JsonNode documented, HttpResponse<String> response, String where) {
    List<String> problems = new ArrayList<>();
    documented
        .path("headers")
        .fields()
        .forEachRemaining(
            h -> {
              if (resolve(h.getValue()).path("required").asBoolean()
                  && response.headers().firstValue(h.getKey()).isEmpty()) {
                problems.add(where + ": required header " + h.getKey() + " is missing");
              }
            });
    return problems;
  }

  // ------------------------------------------------------------------ schemas and shapes

  @Test
  void resourceSchemasFollowTheSchemaModulesShapes() {
    List<String> problems = new ArrayList<>();
    compare(ListingShape.LISTING, schema("Listing"), "Listing", problems);
    compare(AgentShape.AGENT, schema("Agent"), "Agent", problems);
    JsonNode openHouse = schema("OpenHouse").deepCopy();
    // The shape holds the open house's own members; its listing is written after them.
    ((ObjectNode) openHouse.get("properties")).remove("listing");
    compare(OpenHouseShape.OPEN_HOUSE, openHouse, "OpenHouse", problems);
    assertEquals(
        "#/components/schemas/Listing",
        schema("OpenHouse").at("/properties/listing/$ref").asText(),
        "an open house embeds its listing");
    assertEquals(List.of(), problems);
  }

  /** The keys of {@code shape} are the properties of {@code schema}, nested alike. */
  private static void compare(Shape.Obj shape, JsonNode schema, String path, List<String> out) {
    JsonNode properties = schema.path("properties");
    Set<String> keys = new LinkedHashSet<>();
    for (Shape member : shape.members()) {
      keys.add(member.key());
      JsonNode property = properties.path(member.key());
      String where = path + "." + member.key();
      if (property.isMissingNode()) {
        continue; // reported below with the other differences
      }
      switch (member) {
        case Shape.Leaf leaf -> {
          if (objectSchema(property) != null) {
            out.add(where + ": a value in the shape, an object in the document");
          }
        }
        case Shape.Obj obj -> {
          JsonNode target = objectSchema(property);
          if (target == null) {
            out.add(where + ": an object in the shape, not in the document");
          } else {
            if (obj.nullable() != allowsNull(property)) {
              out.add(where + ": nullable " + obj.nullable() + " in the shape");
            }
            compare(obj, target, where, out);
          }
        }
        case Shape.ObjList list -> {
          JsonNode items = property.path("items");
          JsonNode target = items.isMissingNode() ? null : objectSchema(items);
          if (target == null) {
            out.add(where + ": a list of objects in the shape, not in the document");
          } else {
            compare(list.item(), target, where + "[]", out);
          }
        }
      }
    }
    Set<String> documented = new LinkedHashSet<>();
    properties.fieldNames().forEachRemaining(documented::add);
    if (!documented.equals(keys)) {
      out.add(path + ": document keys " + documented + " but shape keys " + keys);
    }
  }

  /** The object schema {@code property} is or refers to (through anyOf/oneOf too), or null. */
  private static JsonNode objectSchema(JsonNode property) {
    JsonNode resolved = resolve(property);
    if (resolved.has("properties")) {
      return resolved;
    }
    for (String combinator : List.of("anyOf", "oneOf")) {
      for (JsonNode alternative : resolved.path(combinator)) {
        JsonNode target = objectSchema(alternative);
        if (target != null) {
          return target;
        }
      }
    }
    return null;
  }

  private static boolean allowsNull(JsonNode property) {
    JsonNode resolved = resolve(property);
    for (JsonNode alternative : resolved.path("oneOf")) {
      if (resolve(alternative).path("type").asText().equals("null")) {
        return true;
      }
    }
    JsonNode type = resolved.path("type");
    if (type.isArray()) {
      for (JsonNode t : type) {
        if (t.asText().equals("null")) {
          return true;
        }
      }
    }
    return false;
  }

  // ------------------------------------------------------------------ extensions

  @Test
  void keyboxExtensionsAreMarked() {
    for (String field :
        List.of(
            "minPrice",
            "maxPrice",
            "medianPrice",
            "avgPricePerSqFt",
            "avgDaysOnMarket",
            "statusDistribution",
            "typeDistribution",
            "cityDistribution",
            "priceHistogram")) {
      assertTrue(
          schema("ListingsAnalytics")
              .at("/properties/" + field + "/x-keybox-extension")
              .asBoolean(),
          field);
    }
    for (String field : List.of("totalCount", "avgPrice", "areaDistribution")) {
      assertFalse(
          schema("ListingsAnalytics").at("/properties/" + field).has("x-keybox-extension"), field);
    }
    assertTrue(
        schema("ListingAnalytics").at("/properties/comparison/x-keybox-extension").asBoolean());
    for (String path : List.of("/-/health", "/-/metrics", "/-/openapi.json")) {
      JsonNode operation = document.path("paths").path(path).path("get");
      assertTrue(operation.path("x-keybox-extension").asBoolean(), path);
      assertEquals(0, operation.path("security").size(), path + " needs no credentials");
    }
    assertTrue(extensionParameters("/openhouses").contains("count"), "count on /openhouses");
    assertTrue(extensionParameters("/agents").contains("count"), "count on /agents");
    assertEquals(Set.of("bbox", "radius"), extensionParameters("/properties"));
  }

  private static Set<String> extensionParameters(String path) {
    Set<String> names = new HashSet<>();
    for (JsonNode parameter : document.path("paths").path(path).path("get").path("parameters")) {
      JsonNode resolved = resolve(parameter);
      if (resolved.path("x-keybox-extension").asBoolean()) {
        names.add(resolved.get("name").asText());
      }
    }
    return names;
  }

  private static JsonNode schema(String name) {
    JsonNode schema = document.at("/components/schemas/" + name);
    assertFalse(schema.isMissingNode(), name);
    return schema;
  }

  private static JsonNode resolve(JsonNode node) {
    while (node.has("$ref")) {
      node = document.at(node.get("$ref").asText().substring(1));
    }
    return node;
  }

  private static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }
}
