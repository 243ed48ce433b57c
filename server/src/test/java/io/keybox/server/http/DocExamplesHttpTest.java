package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.BuildReport;
import io.keybox.server.DocExamples;
import io.keybox.server.DocExamples.Example;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.KeysFile;
import io.keybox.server.http.api.Endpoint;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every {@code curl} example of README.md, docs/api.md and docs/operations.md against the
 * demo: the feed {@code ./run.sh} generates (vendor houston, 5,000 listings, seed 42), indexed by
 * the real indexer, served with data/demo-keys.json. Each must answer 2xx, or the status its
 * trailing comment gives ({@code # 404}); a JSON array it answers must not be empty. Port 8080 is a
 * server without an admin listener (like the demo), port 9090 the admin listener of a second one.
 * Also checks that docs/api.md lists exactly the parameters each endpoint reads.
 */
class DocExamplesHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern STATUS = Pattern.compile("^(\\d{3})\\b");

  @TempDir static Path dir;
  private static FixtureServer demo;
  private static FixtureServer withAdmin;

  @BeforeAll
  static void start() throws Exception {
    Path feed = dir.resolve("feed");
    Path data = Files.createDirectories(dir.resolve("data"));
    BuildReport report = FixtureServer.indexDemo(feed, data);
    assertTrue(report.published(), report.refusal());
    Accounts keys = KeysFile.load(DocExamples.ROOT.resolve("data/demo-keys.json"));
    demo = new FixtureServer(data, keys, ServerConfig.loopback(0));
    withAdmin =
        new FixtureServer(
            data, keys, ServerConfig.loopback(0), Optional.of(new AdminListener("127.0.0.1", 0)));
  }

  @AfterAll
  static void stop() throws Exception {
    demo.close();
    withAdmin.close();
  }

  @Test
  void everyCurlExampleAnswersAsDocumented() throws Exception {
    List<Example> examples = DocExamples.curl();
    Map<String, Integer> perDocument = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Example example : examples) {
      perDocument.merge(example.document(), 1, Integer::sum);
      try {
        String problem = run(example);
        if (problem != null) {
          problems.add(example + " → " + problem);
        }
      } catch (IllegalArgumentException e) {
        problems.add(example + " → " + e.getMessage());
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(perDocument.getOrDefault("README.md", 0) >= 15, "README: " + perDocument);
    assertTrue(perDocument.getOrDefault("docs/api.md", 0) >= 30, "api.md: " + perDocument);
    assertTrue(
        perDocument.getOrDefault("docs/operations.md", 0) >= 3, "operations.md: " + perDocument);
  }

  /** Sends the request {@code example} describes; a problem, or null when it answered as told. */
  private static String run(Example example) throws Exception {
    List<String> words = example.words();
    String user = null;
    String secret = null;
    String method = "GET";
    String form = null;
    String url = null;
    List<String> headers = new ArrayList<>();
    for (int i = 1; i < words.size(); i++) {
      String word = words.get(i);
      switch (word) {
        case "-u" -> {
          String[] credentials = words.get(++i).split(":", 2);
          user = credentials[0];
          secret = credentials[1];
        }
        case "-X" -> method = words.get(++i);
        case "-d" -> {
          // curl's -d: a form body, and POST unless -X says otherwise
          form = words.get(++i);
          method = method.equals("GET") ? "POST" : method;
          headers.add("Content-Type");
          headers.add("application/x-www-form-urlencoded");
        }
        case "-H" -> {
          String[] header = words.get(++i).split(":\\s*", 2);
          headers.add(header[0]);
          headers.add(header[1]);
        }
        case "-i", "-s", "-S", "-sS", "-v" -> {}
        case "--compressed" -> {
          headers.add("Accept-Encoding");
          headers.add("gzip");
        }
        default -> {
          if (!word.startsWith("http://") || url != null) {
            throw new IllegalArgumentException("unsupported curl argument '" + word + "'");
          }
          url = word;
        }
      }
    }
    if (url == null) {
      throw new IllegalArgumentException("no URL");
    }
    URI uri = URI.create(url);
    if (!Set.of("localhost", "127.0.0.1").contains(uri.getHost())) {
      throw new IllegalArgumentException("examples call localhost, not " + uri.getHost());
    }
    int port =
        switch (uri.getPort()) {
          case 8080 -> demo.port();
          case 9090 -> withAdmin.server().adminPort().orElseThrow();
          default ->
              throw new IllegalArgumentException(
                  "examples use port 8080 or 9090, not " + uri.getPort());
        };
    String target = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + target))
            .method(
                method,
                form == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(form));
    if (!headers.isEmpty()) {
      request.headers(headers.toArray(String[]::new));
    }
    HttpResponse<String> response = demo.send(request, user, secret);
    Matcher expected = STATUS.matcher(example.comment());
    int status = response.statusCode();
    if (expected.find()) {
      return status == Integer.parseInt(expected.group(1)) ? null : "answered " + status;
    }
    if (status / 100 != 2) {
      return "answered " + status + ": " + response.body();
    }
    boolean json =
        response.headers().firstValue("Content-Type").orElse("").contains("json")
            && response.headers().firstValue("Content-Encoding").isEmpty();
    if (json) {
      JsonNode body = JSON.readTree(response.body());
      if (body.isArray() && body.isEmpty()) {
        return "answered an empty list: not much of an example";
      }
    }
    return null;
  }

  @Test
  void theApiGuideListsExactlyTheParametersOfEachEndpoint() throws Exception {
    String guide = Files.readString(DocExamples.ROOT.resolve("docs/api.md"));
    Map<String, Set<String>> documented = new LinkedHashMap<>();
    String section = null;
    for (String line : guide.split("\n")) {
      Matcher heading =
          Pattern.compile("^### (GET|OPTIONS|POST|PATCH|DELETE) (/\\S*)$").matcher(line);
      if (heading.matches()) {
        section = heading.group(1) + " " + heading.group(2);
        documented.put(section, new LinkedHashSet<>());
      } else if (line.startsWith("## ") || line.startsWith("### ")) {
        section = null;
      } else if (section != null) {
        Matcher row = Pattern.compile("^\\| `([A-Za-z]+)` \\|").matcher(line);
        if (row.find()) {
          documented.get(section).add(row.group(1));
        }
      }
    }
    Map<String, Set<String>> routed = new LinkedHashMap<>();
    for (Endpoint endpoint : demo.server().endpoints()) {
      if (!endpoint.path().startsWith("/-/")) {
        routed.put(
            endpoint.method().toUpperCase(Locale.ROOT) + " " + endpoint.path(),
            new LinkedHashSet<>(endpoint.parameters()));
      }
    }
    assertEquals(routed.keySet(), documented.keySet(), "endpoint sections of docs/api.md");
    for (String endpoint : routed.keySet()) {
      assertEquals(
          new java.util.TreeSet<>(routed.get(endpoint)),
          new java.util.TreeSet<>(documented.get(endpoint)),
          "parameters of " + endpoint + " in docs/api.md");
    }
  }
}
