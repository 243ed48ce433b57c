package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.BuildReport;
import io.keybox.server.DocExamples;
import io.keybox.server.auth.KeysFile;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * {@code /-/explore} in headless Chromium over the demo's data (houston, 5,000 listings, seed 42)
 * with the demo's key: a mistyped secret is said on the page, signing in shows the whole city in
 * clusters, a click on a cluster zooms in and splits it, a filter changes the count and the charts,
 * a card opens the detail pane, and the browser's console shows no error. Saves {@code
 * target/explore/whole-city.png} and {@code target/explore/zoomed-detail.png}. No map tiles are
 * reachable here (the default, OpenStreetMap's): the page must work without them.
 */
class ExplorePageBrowserTest {
  private static final Path SCREENSHOTS = Path.of("target", "explore");
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String UNAUTHORIZED = "the server responded with a status of 401";

  @TempDir static Path dir;
  private static FixtureServer demo;
  private static ChromeDriver browser;

  @BeforeAll
  static void start() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    BuildReport report = FixtureServer.indexDemo(dir.resolve("feed"), data);
    assertTrue(report.published(), report.refusal());
    demo =
        new FixtureServer(
            data,
            KeysFile.load(DocExamples.ROOT.resolve("data/demo-keys.json")),
            ServerConfig.loopback(0).withPages(true));
    browser = Chromium.start(dir.resolve("profile"), 1400, 900);
    Files.createDirectories(SCREENSHOTS);
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      if (browser != null) {
        browser.quit();
      }
    } finally {
      if (demo != null) {
        demo.close();
      }
    }
  }

  @Test
  void aReaderSeesTheCityZoomsFiltersAndOpensAListing() throws Exception {
    browser.get(demo.uri("/-/explore/").toString());
    // A mistyped secret: the API's 401, said on the page, and no map yet.
    browser.findElement(By.id("key")).sendKeys("demo");
    browser.findElement(By.id("secret")).sendKeys("wrong");
    browser.findElement(By.id("connect")).click();
    new WebDriverWait(browser, WAIT)
        .until(b -> b.findElement(By.id("message")).getText().startsWith("401 "));
    assertEquals(
        "signed-out", browser.findElement(By.tagName("body")).getDomAttribute("data-state"));
    browser.findElement(By.id("secret")).clear();
    browser.findElement(By.id("secret")).sendKeys("demo");
    int refreshes = refreshes();
    browser.findElement(By.id("connect")).click();
    awaitRefreshAfter(refreshes);

    // The whole city: every default-search listing with a position (the API's own count over
    // the whole world), in clusters whose counts add up to it.
    long everywhere =
        json(demo.get("/properties/clusters?bbox=-180,-85,180,85&zoom=3", "demo", "demo"))
            .get("totalCount")
            .asLong();
    assertTrue(everywhere > 1000, "the demo has thousands of active listings: " + everywhere);
    assertEquals(everywhere, total());
    List<Long> clusters = clusterCounts();
    assertTrue(clusters.size() >= 2, "the city in several clusters: " + clusters);
    assertEquals(everywhere, clusters.stream().mapToLong(Long::longValue).sum() + listingMarkers());
    screenshot("whole-city.png");

    // A click on the largest cluster zooms to it, where it splits into smaller ones.
    long largest = clusters.stream().mapToLong(Long::longValue).max().orElseThrow();
    int zoom = zoom();
    refreshes = refreshes();
    WebElement biggest =
        browser.findElement(By.cssSelector(".kb-cluster[data-count='" + largest + "']"));
    biggest.click();
    awaitRefreshAfter(refreshes);
    assertTrue(zoom() > zoom, "zoomed in from " + zoom + " to " + zoom());
    List<Long> split = clusterCounts();
    assertTrue(split.size() + listingMarkers() >= 2, "split into several: " + split);
    assertTrue(split.stream().allMatch(c -> c < largest), split + " all below " + largest);
    long inView = total();
    assertTrue(inView >= largest && inView < everywhere, inView + " in view");

    // A filter from the form (built from the API's description) narrows counts and charts.
    List<Long> statusBefore = chart("chart-status");
    String priceBefore = browser.findElement(By.id("chart-price")).getDomAttribute("data-counts");
    browser.findElement(By.id("filter-minbeds")).sendKeys("4");
    refreshes = refreshes();
    browser.findElement(By.id("apply")).click();
    awaitRefreshAfter(refreshes);
    long fourBeds = total();
    assertTrue(fourBeds > 0 && fourBeds < inView, fourBeds + " of " + inView + " with 4+ beds");
    List<Long> statusAfter = chart("chart-status");
    assertNotEquals(statusBefore, statusAfter);
    // Every listing has a status: the status chart counts exactly the listings in view.
    assertEquals(fourBeds, statusAfter.stream().mapToLong(Long::longValue).sum());
    assertNotEquals(
        priceBefore, browser.findElement(By.id("chart-price")).getDomAttribute("data-counts"));

    // A card opens the detail pane with the listing's facts, rooms, open houses and agent.
    WebElement card = browser.findElement(By.cssSelector("#cards .card"));
    String mlsId = card.getDomAttribute("data-mls-id");
    card.click();
    new WebDriverWait(browser, WAIT)
        .until(b -> mlsId.equals(b.findElement(By.id("detail")).getDomAttribute("data-loaded")));
    WebElement detail = browser.findElement(By.id("detail"));
    assertTrue(detail.isDisplayed());
    String text = detail.getText();
    JsonNode listing = json(demo.get("/properties/" + mlsId, "demo", "demo"));
    assertTrue(text.contains(listing.get("listingId").asText()), text);
    for (String part : List.of("Facts", "Rooms (", "Open houses (", "Agent")) {
      assertTrue(text.contains(part), part + " in " + text);
    }
    assertTrue(
        listing.at("/property/bedrooms").asInt() >= 4, "the card came from the 4+ bed search");
    screenshot("zoomed-detail.png");

    assertEquals(List.of(), consoleErrors());
  }

  private static int refreshes() {
    return Integer.parseInt(
        browser.findElement(By.tagName("body")).getDomAttribute("data-refreshes"));
  }

  /** Waits for the page to finish drawing a view after the {@code before}-th. */
  private static void awaitRefreshAfter(int before) {
    new WebDriverWait(browser, WAIT)
        .until(
            b -> {
              WebElement body = b.findElement(By.tagName("body"));
              return Integer.parseInt(body.getDomAttribute("data-refreshes")) > before
                  && "ready".equals(body.getDomAttribute("data-state"));
            });
    assertEquals("", browser.findElement(By.id("message")).getText(), "no error on the page");
  }

  private static long total() {
    return Long.parseLong(browser.findElement(By.id("total")).getDomAttribute("data-count"));
  }

  private static int zoom() {
    return Integer.parseInt(browser.findElement(By.tagName("body")).getDomAttribute("data-zoom"));
  }

  private static List<Long> clusterCounts() {
    return browser.findElements(By.cssSelector(".kb-cluster")).stream()
        .map(e -> Long.parseLong(e.getDomAttribute("data-count")))
        .sorted(Comparator.reverseOrder())
        .toList();
  }

  private static long listingMarkers() {
    return browser.findElements(By.cssSelector(".kb-listing")).size();
  }

  private static List<Long> chart(String id) throws IOException {
    JsonNode counts = JSON.readTree(browser.findElement(By.id(id)).getDomAttribute("data-counts"));
    return StreamSupport.stream(counts.spliterator(), false).map(JsonNode::asLong).toList();
  }

  private static void screenshot(String name) throws IOException {
    Path file = SCREENSHOTS.resolve(name);
    Files.write(file, browser.getScreenshotAs(OutputType.BYTES));
  }

  /**
   * The console's errors, but for resources off this machine that cannot load here: the map tiles
   * and the demo's photos (their hosts are unreachable on a closed network; the page shows a grey
   * map and "no photo" instead).
   */
  private static List<String> consoleErrors() {
    String own = demo.uri("/").toString();
    List<String> severe =
        browser.manage().logs().get(LogType.BROWSER).getAll().stream()
            .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
            .map(LogEntry::getMessage)
            .toList();
    // The log is really read: the 401 the test provoked is in it.
    assertTrue(severe.stream().anyMatch(m -> m.contains(UNAUTHORIZED)), severe.toString());
    return severe.stream()
        .filter(m -> !m.contains(UNAUTHORIZED))
        .filter(m -> !(m.contains("Failed to load resource: net::") && !m.startsWith(own)))
        .toList();
  }

  private static JsonNode json(HttpResponse<String> response) throws IOException {
    assertEquals(200, response.statusCode(), response.body());
    return JSON.readTree(response.body());
  }
}
