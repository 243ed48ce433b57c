package io.keybox.server.http;

import static io.keybox.server.http.FixtureServer.json;
import static io.keybox.server.http.FixtureServer.mlsIds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.indexer.build.BuildReport;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every parameter of {@code GET /properties} (API.md §7) over {@code data/fixtures/search}, against
 * the answers worked out by hand in the "fixtures/search" section of {@code data/README.md}. The
 * two answer tables are read from that file, so the document and the test cannot drift apart; the
 * cases that do not fit a table (include, count, more than 1,000 points) are separate tests.
 */
public class SearchParametersHttpTest {
  private static final String KEY = "searcher";
  private static final String SECRET = "s3arch";
  private static final Path README = Path.of("..", "data", "README.md");
  private static final Pattern ROW = Pattern.compile("^\\| `(/properties[^`]*)` \\| ([^|]+) \\|");
  private static final Pattern ERROR_ROW =
      Pattern.compile("^\\| `(/properties[^`]*)` \\| (\\d{3}) \\| `([^`]+)` \\|$");
  private static final Pattern IDS = Pattern.compile("none|\\d+(, \\d+)*");

  @RegisterExtension
  static final FixtureServer server =
      FixtureServer.perClass(
          dataDir -> {
            BuildReport report = FixtureServer.index(dataDir, "search", "search");
            assertEquals(38, report.listings());
            assertEquals(List.of(), report.rejects());
            return FixtureServer.withOneKey(dataDir, "search", KEY, SECRET);
          });

  private static HttpResponse<String> get(String pathAndQuery) throws Exception {
    return server.get(pathAndQuery, KEY, SECRET);
  }

  /** The lines of the "fixtures/search" section of data/README.md, under {@code heading}. */
  private static List<String> readmeTable(String heading) throws IOException {
    List<String> lines = Files.readAllLines(README, StandardCharsets.UTF_8);
    int section = lines.indexOf("## fixtures/search — every parameter of `GET /properties`");
    assertTrue(section >= 0, "data/README.md lacks the fixtures/search section");
    int start = -1;
    for (int i = section; i < lines.size(); i++) {
      if (lines.get(i).startsWith("### " + heading)) {
        start = i + 1;
        break;
      }
    }
    assertTrue(start >= 0, "data/README.md lacks the table '" + heading + "'");
    List<String> rows = new ArrayList<>();
    for (int i = start; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
      if (lines.get(i).startsWith("| `/")) {
        rows.add(lines.get(i));
      }
    }
    return rows;
  }

  /** The rows of the "Expected answers" table: the request, and its answer as written. */
  public static Stream<Arguments> answers() throws IOException {
    List<Arguments> cases = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String row : readmeTable("Expected answers")) {
      Matcher m = ROW.matcher(row);
      assertTrue(m.find(), "unreadable row in data/README.md: " + row);
      String answer = m.group(2).strip();
      assertTrue(IDS.matcher(answer).matches(), "unreadable answer in data/README.md: " + row);
      assertTrue(seen.add(m.group(1)), "request listed twice in data/README.md: " + m.group(1));
      cases.add(Arguments.of(m.group(1), answer));
    }
    // A guard against a table that silently stopped being read.
    assertTrue(cases.size() >= 250, "only " + cases.size() + " answer rows read");
    return cases.stream();
  }

  static Stream<Arguments> errors() throws IOException {
    List<Arguments> cases = new ArrayList<>();
    for (String row : readmeTable("Malformed values")) {
      Matcher m = ERROR_ROW.matcher(row);
      assertTrue(m.matches(), "unreadable row in data/README.md: " + row);
      cases.add(Arguments.of(m.group(1), Integer.parseInt(m.group(2)), m.group(3)));
    }
    assertTrue(cases.size() >= 38, "only " + cases.size() + " error rows read");
    return cases.stream();
  }

  /** The mlsIds of an answer as the table writes it ({@code none}, or {@code 201, 202}). */
  public static List<Long> ids(String answer) {
    List<Long> ids = new ArrayList<>();
    if (!answer.equals("none")) {
      for (String id : answer.split(", ")) {
        ids.add(Long.parseLong(id));
      }
    }
    return ids;
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("answers")
  void searchAnswersAsWorkedOutByHand(String request, String answer) throws Exception {
    HttpResponse<String> response = get(request);
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(ids(answer), mlsIds(response));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("errors")
  void malformedValuesAre400sNamingParameterValueAndWhatIsAllowed(
      String request, int status, String message) throws Exception {
    HttpResponse<String> response = get(request);
    assertEquals(status, response.statusCode(), response.body());
    JsonNode body = json(response);
    assertEquals(status, body.get("error").asInt());
    assertEquals(message, body.get("message").asText());
  }

  @Test
  void includeAddsRoomsAndComplianceOnlyWhenAsked() throws Exception {
    String plainBody = get("/properties?q=HOU-201").body();
    JsonNode plain = json(get("/properties?q=HOU-201")).get(0);
    assertEquals(201, plain.get("mlsId").asLong());
    assertFalse(plain.get("property").has("rooms"));
    assertFalse(plain.has("compliance"));

    JsonNode rooms = json(get("/properties?q=HOU-201&include=rooms")).get(0);
    assertEquals(2, rooms.at("/property/rooms").size());
    assertEquals("Bedroom", rooms.at("/property/rooms/0/type").asText());
    assertEquals(224, rooms.at("/property/rooms/0/area").asInt());
    assertEquals("Kitchen", rooms.at("/property/rooms/1/type").asText());
    assertFalse(rooms.has("compliance"));

    JsonNode compliance = json(get("/properties?q=HOU-201&include=compliance")).get(0);
    assertEquals(
        "Listed by Heights Realty", compliance.at("/compliance/brokerAttribution").asText());
    assertFalse(compliance.get("property").has("rooms"));

    JsonNode both = json(get("/properties?q=HOU-201&include=ROOMS&include=Compliance")).get(0);
    assertEquals("Bedroom", both.at("/property/rooms/0/type").asText());
    assertEquals("Listed by Heights Realty", both.at("/compliance/brokerAttribution").asText());

    // Legacy values are accepted and change nothing; unknown ones are ignored.
    assertEquals(
        plainBody,
        get("/properties?q=HOU-201&include=association&include=agreement&include=garageSpaces"
                + "&include=maintenanceExpense&include=parking&include=pool&include=taxYear"
                + "&include=taxAnnualAmount&include=bogus")
            .body());

    // A listing without rooms or compliance data.
    JsonNode without = json(get("/properties?q=yale&include=rooms&include=compliance")).get(0);
    assertEquals(202, without.get("mlsId").asLong());
    assertTrue(without.at("/property/rooms").isArray());
    assertEquals(0, without.at("/property/rooms").size());
    assertEquals("{}", without.get("compliance").toString(), "an object, never null");
  }

  @Test
  void countTrueReportsAllMatchesNotThePage() throws Exception {
    HttpResponse<String> counted = get("/properties?cities=Pearland&limit=2&count=true");
    assertEquals("6", counted.headers().firstValue("X-Total-Count").orElseThrow());
    assertEquals(List.of(215L, 216L), mlsIds(counted));
    assertEquals(
        "0",
        get("/properties?cities=Atlantis&count=true").headers().firstValue("X-Total-Count").get());
    for (String other : List.of("count=false", "count=1", "count=yes", "count=")) {
      HttpResponse<String> response = get("/properties?cities=Pearland&" + other);
      assertTrue(response.headers().firstValue("X-Total-Count").isEmpty(), other);
    }
  }

  @Test
  void feedStatusIsNormalisedAndItsRawTextKept() throws Exception {
    JsonNode sold = json(get("/properties?status=Closed")).get(0);
    assertEquals(231, sold.get("mlsId").asLong());
    assertEquals("Closed", sold.at("/mls/status").asText());
    assertEquals("Sold", sold.at("/mls/statusText").asText());
    JsonNode backup = json(get("/properties?status=ActiveUnderContract")).get(0);
    assertEquals("ActiveUnderContract", backup.at("/mls/status").asText());
    assertEquals("Backup Offer", backup.at("/mls/statusText").asText());
  }

  @Test
  void moreThanAThousandPointsIs400AndAThousandAreAccepted() throws Exception {
    // 1,001 copies of one point: the count is checked before the points themselves.
    StringBuilder tooMany = new StringBuilder("/properties?");
    for (int i = 0; i < 1001; i++) {
      tooMany.append("points=1,1&");
    }
    HttpResponse<String> rejected = get(tooMany.toString());
    assertEquals(400, rejected.statusCode(), rejected.body());
    assertEquals(
        "points: invalid value '1001 points'; allowed: at most 1000 points",
        json(rejected).get("message").asText());

    // 1,000 distinct points: a long rectangle lat 0..1, lng -25..24.9 in steps of 0.1 (short
    // numbers keep the request line small); no listing lies there.
    StringBuilder thousand = new StringBuilder("/properties?idx=ignore");
    for (int k = 0; k < 500; k++) {
      thousand.append("&points=0,").append(BigDecimal.valueOf(k - 250, 1).toPlainString());
    }
    for (int k = 499; k >= 0; k--) {
      thousand.append("&points=1,").append(BigDecimal.valueOf(k - 250, 1).toPlainString());
    }
    HttpResponse<String> accepted = get(thousand.toString());
    assertEquals(200, accepted.statusCode(), accepted.body());
    assertEquals(List.of(), mlsIds(accepted));
  }

  @Test
  void aHundredWordsOrValuesPerParameterAreAcceptedAndMoreIs400() throws Exception {
    // Each q word, feature, exterior feature and water value is one Lucene clause: all four at
    // their limit (400 clauses and the fixed ones) are a search Lucene runs.
    StringBuilder atLimit = new StringBuilder("/properties?idx=ignore&q=");
    for (int i = 0; i < 100; i++) {
      atLimit.append(i == 0 ? "" : "+").append("w").append(i);
    }
    for (String name : List.of("features", "exteriorFeatures", "water")) {
      for (int i = 0; i < 100; i++) {
        atLimit.append('&').append(name).append("=v").append(i);
      }
    }
    HttpResponse<String> accepted = get(atLimit.toString());
    assertEquals(200, accepted.statusCode(), accepted.body());
    assertEquals(List.of(), mlsIds(accepted));

    StringBuilder words = new StringBuilder("/properties?q=a");
    for (int i = 0; i < 50; i++) {
      words.append("+b");
    }
    words.append("&q=c");
    for (int i = 0; i < 49; i++) {
      words.append("+d");
    }
    assertTooMany(words.toString(), "q: at most 100 words per request (got 101)");
    StringBuilder values = new StringBuilder("/properties?water=true");
    for (int i = 0; i < 100; i++) {
      values.append("&water=Lake");
    }
    assertTooMany(values.toString(), "water: at most 100 values per request (got 101)");
  }

  private static void assertTooMany(String request, String message) throws Exception {
    HttpResponse<String> response = get(request);
    assertEquals(400, response.statusCode(), response.body());
    assertEquals(message, json(response).get("message").asText());
  }
}
