package io.keybox.server.query;

import io.keybox.schema.listing.ListingFilters;
import io.keybox.server.error.InvalidRequestException;
import java.util.List;
import java.util.stream.Stream;

/**
 * Parses the parameters of {@code GET /properties/clusters}: every filter of /properties (with its
 * defaults), {@code bbox} required (the map's viewport), {@code zoom} required (the map's zoom,
 * 0–22), {@code precision} (zoom levels finer than the map the tiles are, 0–8, default {@value
 * #DEFAULT_PRECISION}) and {@code maxClusters} (1–2,000, default {@value #DEFAULT_MAX_CLUSTERS}).
 * Paging, sort and include do not apply and are ignored like unknown parameters.
 */
public final class ClusterRequestParser {
  /** The tiles' zoom is the map's plus this, unless {@code precision} says otherwise. */
  public static final int DEFAULT_PRECISION = 2;

  /** The most clusters answered, unless {@code maxClusters} says otherwise. */
  public static final int DEFAULT_MAX_CLUSTERS = 200;

  /** The parameters {@link #parse} reads. */
  public static final List<String> PARAMETERS =
      Stream.concat(
              ListingFilters.TABLE.names().stream(), Stream.of("zoom", "precision", "maxClusters"))
          .toList();

  /**
   * A clusters request.
   *
   * @param filter the listing filter, the viewport among it
   * @param zoom the map's zoom
   * @param precision zoom levels finer than the map
   * @param maxClusters the most clusters
   */
  public record ClusterParams(FilterValues filter, int zoom, int precision, int maxClusters) {}

  /**
   * The request of {@code params}.
   *
   * @throws InvalidRequestException naming the parameter for a missing bbox or zoom, or a value out
   *     of range
   */
  public ClusterParams parse(Params params) {
    if (params.first(ListingFilters.BBOX.name()).filter(v -> !v.isBlank()).isEmpty()) {
      throw new InvalidRequestException(
          "bbox: required: the map's viewport, minLng,minLat,maxLng,maxLat");
    }
    String zoom =
        params
            .first("zoom")
            .filter(v -> !v.isBlank())
            .orElseThrow(
                () -> new InvalidRequestException("zoom: required: the map's zoom, 0 to 22"));
    FilterValues filter = FilterParser.parse(ListingFilters.TABLE, params);
    return new ClusterParams(
        filter,
        (int) ParamValues.integer("zoom", zoom, 0, 22),
        params
            .first("precision")
            .filter(v -> !v.isBlank())
            .map(v -> (int) ParamValues.integer("precision", v, 0, 8))
            .orElse(DEFAULT_PRECISION),
        params
            .first("maxClusters")
            .filter(v -> !v.isBlank())
            .map(v -> (int) ParamValues.integer("maxClusters", v, 1, 2000))
            .orElse(DEFAULT_MAX_CLUSTERS));
  }
}
