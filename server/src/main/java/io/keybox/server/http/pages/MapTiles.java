package io.keybox.server.http.pages;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;

/**
 * Where {@code /-/explore} takes its map's background from: an XYZ tile URL template ({@code {z}},
 * {@code {x}} and {@code {y}}, optionally {@code {s}} for the server's subdomain, as Leaflet reads
 * them) and the attribution the tiles' licence asks the map to show (HTML, as Leaflet shows it).
 * The browser fetches the tiles itself; when none load the map is grey and the page still works.
 *
 * @param urlTemplate an http(s) URL with {@code {z}}, {@code {x}} and {@code {y}}
 * @param attribution the credit line shown on the map
 */
public record MapTiles(String urlTemplate, String attribution) {
  /** OpenStreetMap's standard tiles, the default. */
  public static final String OPEN_STREET_MAP = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

  /** The credit line OpenStreetMap's tile usage policy asks for. */
  public static final String OPEN_STREET_MAP_ATTRIBUTION =
      "&copy; <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a> contributors";

  /** OpenStreetMap's tiles with their attribution. */
  public static final MapTiles DEFAULT = new MapTiles(OPEN_STREET_MAP, OPEN_STREET_MAP_ATTRIBUTION);

  /**
   * @throws IllegalArgumentException when the template is not an http(s) URL with the three
   *     placeholders
   */
  public MapTiles {
    Objects.requireNonNull(urlTemplate, "urlTemplate");
    Objects.requireNonNull(attribution, "attribution");
    for (String placeholder : new String[] {"{z}", "{x}", "{y}"}) {
      if (!urlTemplate.contains(placeholder)) {
        throw new IllegalArgumentException(
            "the tile URL template must contain {z}, {x} and {y}, like "
                + OPEN_STREET_MAP
                + " (got: "
                + urlTemplate
                + ")");
      }
    }
    URI uri = parse(urlTemplate);
    if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())
        || uri.getHost() == null) {
      throw new IllegalArgumentException(
          "the tile URL template must be an http or https URL (got: " + urlTemplate + ")");
    }
  }

  /**
   * Tiles from {@code urlTemplate}: OpenStreetMap's attribution for OpenStreetMap's template, else
   * a credit naming the tile server's host (a server whose licence asks for more takes the
   * attribution through the other constructor).
   */
  public static MapTiles of(String urlTemplate) {
    if (urlTemplate.equals(OPEN_STREET_MAP)) {
      return DEFAULT;
    }
    MapTiles checked = new MapTiles(urlTemplate, "");
    // The subdomain placeholder left out: the credit names the service, not one of its servers.
    String host = parse(checked.urlTemplate().replace("{s}.", "")).getHost();
    return new MapTiles(urlTemplate, "Map tiles: " + host);
  }

  private static URI parse(String urlTemplate) {
    // The placeholders' braces are not legal in a URI; a digit stands in for each.
    String sample =
        urlTemplate
            .replace("{s}", "a")
            .replace("{z}", "0")
            .replace("{x}", "0")
            .replace("{y}", "0")
            .replace("{r}", "");
    try {
      return new URI(sample);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "the tile URL template is not a URL: " + e.getMessage() + " (got: " + urlTemplate + ")",
          e);
    }
  }
}
