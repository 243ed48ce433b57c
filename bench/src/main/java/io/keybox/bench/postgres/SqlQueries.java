package io.keybox.bench.postgres;

import static io.keybox.schema.listing.ListingFilters.BBOX;
import static io.keybox.schema.listing.ListingFilters.CITIES;
import static io.keybox.schema.listing.ListingFilters.IDX;
import static io.keybox.schema.listing.ListingFilters.MAX_AREA;
import static io.keybox.schema.listing.ListingFilters.MAX_BATHS;
import static io.keybox.schema.listing.ListingFilters.MAX_BEDS;
import static io.keybox.schema.listing.ListingFilters.MAX_PRICE;
import static io.keybox.schema.listing.ListingFilters.MIN_AREA;
import static io.keybox.schema.listing.ListingFilters.MIN_BATHS;
import static io.keybox.schema.listing.ListingFilters.MIN_BEDS;
import static io.keybox.schema.listing.ListingFilters.MIN_PRICE;
import static io.keybox.schema.listing.ListingFilters.POINTS;
import static io.keybox.schema.listing.ListingFilters.POSTAL_CODES;
import static io.keybox.schema.listing.ListingFilters.Q;
import static io.keybox.schema.listing.ListingFilters.RADIUS;
import static io.keybox.schema.listing.ListingFilters.STATUS;
import static io.keybox.schema.listing.ListingFilters.TYPE;

import io.keybox.bench.mix.PeerFilters;
import io.keybox.schema.field.GeoPointField;
import io.keybox.schema.field.GeoPointField.EncodedBox;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.TokenField;
import io.keybox.schema.filter.GeoArea;
import io.keybox.schema.filter.GeoPolygon;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.PropertyType;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.ListingSearchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;
import org.apache.lucene.geo.GeoEncodingUtils;

/**
 * The SQL of each request, translated from the same validated request the server parses ({@link
 * ListingSearchRequest}, its {@link FilterValues}), so both systems answer the same question. Only
 * the filters the mix sends (and their neighbours) are translated; any other filter is refused
 * loudly rather than silently ignored.
 *
 * <p>Each statement answers with the JSON page built inside PostgreSQL ({@code json_agg} of the
 * stored {@code jsonb}), as an application on PostgreSQL would return it.
 */
final class SqlQueries {
  /** A statement and its parameters; a {@code String[]} parameter binds as {@code text[]}. */
  record Sql(String text, List<Object> binds) {}

  private SqlQueries() {}

  /**
   * A page of listings: column 1 the JSON array, 2 the last mlsId of the page, 3 the rows on the
   * page, 4 (with {@code count}) the number of matches.
   */
  static Sql search(ListingSearchRequest request) {
    List<Object> filterBinds = new ArrayList<>();
    String where = where(request.filter(), filterBinds).toString();
    List<Object> binds = new ArrayList<>();
    String total = "";
    if (request.count()) {
      // The total counts every match, as X-Total-Count does, whatever page this is.
      total = ", (SELECT count(*) FROM listing WHERE " + where + ")";
      binds.addAll(filterBinds);
    }
    binds.addAll(filterBinds);
    String key;
    String inner;
    String outer;
    if (request.lastId().isPresent()) {
      where += " AND mls_id > ?";
      binds.add(request.lastId().getAsLong());
      key = "mls_id";
      inner = "mls_id";
      outer = "p.mls_id";
    } else {
      key = PostgresLoader.SORT_COLUMNS.get(request.sort().ordinal());
      String direction = request.descending() ? " DESC" : " ASC";
      inner = key + direction + " NULLS LAST, mls_id";
      outer = "p.k" + direction + " NULLS LAST, p.mls_id";
    }
    binds.add(request.limit());
    binds.add(request.lastId().isPresent() ? 0 : request.offset());
    return new Sql(
        "SELECT coalesce(json_agg(p.doc ORDER BY "
            + outer
            + "), '[]')::text, max(p.mls_id), count(*)"
            + total
            + " FROM (SELECT mls_id, "
            + key
            + " AS k, doc FROM listing WHERE "
            + where
            + " ORDER BY "
            + inner
            + " LIMIT ? OFFSET ?) p",
        binds);
  }

  /** One listing: column 1 its JSON, when it exists and the rule displays it. */
  static Sql listing(long mlsId, IdxRule idx) {
    List<Object> binds = new ArrayList<>();
    binds.add(mlsId);
    return new Sql("SELECT doc::text FROM listing WHERE mls_id = ?" + idx(idx), binds);
  }

  /**
   * ListingsAnalytics (API.md §5, §9) over every match: column 1 the JSON object with the required
   * statistics and Keybox's extensions.
   */
  static Sql analytics(FilterValues filter) {
    List<Object> binds = new ArrayList<>();
    StringBuilder where = where(filter, binds);
    return new Sql(
        """
        WITH m AS MATERIALIZED (
          SELECT list_price, area, beds, baths_full, lot_size_area, year_built, days_on_market,
                 mls_area, status, type, city_display
          FROM listing WHERE %s),
        s AS (
          SELECT count(*) AS total, avg(list_price) AS avg_price, avg(area) AS avg_area,
                 avg(beds) AS avg_beds, avg(baths_full) AS avg_baths_full,
                 avg(lot_size_area) AS avg_lot, avg(year_built) AS avg_year,
                 min(list_price) AS min_price, max(list_price) AS max_price,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY list_price) AS median_price,
                 avg(list_price / nullif(area, 0)) AS avg_ppsf, avg(days_on_market) AS avg_dom
          FROM m)
        SELECT json_build_object(
          'totalCount', s.total, 'avgPrice', s.avg_price, 'avgLivingArea', s.avg_area,
          'avgBedrooms', s.avg_beds, 'avgFullBaths', s.avg_baths_full, 'avgLotSize', s.avg_lot,
          'avgYearBuilt', s.avg_year,
          'areaDistribution', (SELECT coalesce(json_object_agg(mls_area, n), '{}')
              FROM (SELECT mls_area, count(*) AS n FROM m WHERE mls_area IS NOT NULL
                    GROUP BY mls_area) d),
          'minPrice', s.min_price, 'maxPrice', s.max_price, 'medianPrice', s.median_price,
          'avgPricePerSqFt', s.avg_ppsf, 'avgDaysOnMarket', s.avg_dom,
          'statusDistribution', (SELECT coalesce(json_object_agg(status, n), '{}')
              FROM (SELECT status, count(*) AS n FROM m WHERE status IS NOT NULL
                    GROUP BY status) d),
          'typeDistribution', (SELECT coalesce(json_object_agg(type, n), '{}')
              FROM (SELECT type, count(*) AS n FROM m WHERE type IS NOT NULL GROUP BY type) d),
          'cityDistribution', (SELECT coalesce(json_object_agg(city_display, n), '{}')
              FROM (SELECT city_display, count(*) AS n FROM m WHERE city_display IS NOT NULL
                    GROUP BY city_display) d),
          'priceHistogram', (SELECT coalesce(json_agg(n ORDER BY b), '[]')
              FROM (SELECT least(width_bucket(list_price, s.min_price,
                                              s.max_price + 1e-9, 10), 10) AS b, count(*) AS n
                    FROM m WHERE list_price IS NOT NULL GROUP BY 1) h))::text
        FROM s
        """
            .formatted(where),
        binds);
  }

  /**
   * A page of open houses (API.md §10) with their listings: column 1 the JSON array. Understands
   * {@code cities}, {@code type} (default residential), {@code limit} (default 12) and {@code
   * offset}; sorted by start time.
   */
  static Sql openHouses(
      List<String> cities, List<PropertyType> types, IdxRule idx, int limit, int offset) {
    List<Object> binds = new ArrayList<>();
    StringBuilder where = new StringBuilder("TRUE");
    anyOf(where, binds, "l.city", normalized(cities));
    anyOf(where, binds, "l.type", types.stream().map(PropertyType::name).toList());
    where.append(
        idx(idx)
            .replace("address_display", "l.address_display")
            .replace("listing_display", "l.listing_display"));
    binds.add(limit);
    binds.add(offset);
    return new Sql(
        "SELECT coalesce(json_agg(p.doc ORDER BY p.start_time, p.open_house_key), '[]')::text"
            + " FROM (SELECT o.open_house_key, o.start_time,"
            + " o.doc || jsonb_build_object('listing', l.doc) AS doc"
            + " FROM open_house o JOIN listing l ON l.mls_id = o.mls_id WHERE "
            + where
            + " ORDER BY o.start_time, o.open_house_key LIMIT ? OFFSET ?) p",
        binds);
  }

  /** The WHERE clause of {@code f}, its parameters added to {@code binds}. */
  static StringBuilder where(FilterValues f, List<Object> binds) {
    PeerFilters.requireTranslated(f.values().keySet(), PeerFilters.WITH_MAP_AREAS, "postgres");
    StringBuilder where = new StringBuilder("TRUE");
    anyOf(where, binds, "status", List.copyOf(STATUS.termsOf(f.get(STATUS).orElseThrow())));
    anyOf(where, binds, "type", List.copyOf(TYPE.termsOf(f.get(TYPE).orElseThrow())));
    f.get(Q)
        .ifPresent(
            keywords -> {
              where.append(" AND keywords @@ ?::tsquery");
              binds.add(tsquery(keywords));
            });
    range(where, binds, "list_price", f.get(MIN_PRICE), f.get(MAX_PRICE));
    range(where, binds, "area", f.get(MIN_AREA), f.get(MAX_AREA));
    range(where, binds, "baths", f.get(MIN_BATHS), f.get(MAX_BATHS));
    range(where, binds, "beds", f.get(MIN_BEDS), f.get(MAX_BEDS));
    anyOf(where, binds, "postal_code", normalized(f.get(POSTAL_CODES).orElse(List.of())));
    anyOf(where, binds, "city", normalized(f.get(CITIES).orElse(List.of())));
    f.get(POINTS)
        .ifPresent(
            polygon -> {
              where.append(" AND ST_Intersects(geom, ST_GeomFromText(?, 4326))");
              binds.add(wkt(polygon));
            });
    f.get(BBOX).ifPresent(box -> box(where, binds, box));
    f.get(RADIUS)
        .ifPresent(
            circle -> {
              // On the sphere (use_spheroid false: PostGIS's mean radius, Lucene's too), as the
              // API's great-circle distance is.
              where.append(
                  " AND ST_DWithin(geom::geography,"
                      + " ST_SetSRID(ST_MakePoint(?, ?), 4326)::geography, ?, false)");
              binds.add(circle.lng());
              binds.add(circle.lat());
              binds.add(circle.metres());
            });
    where.append(idx(f.get(IDX).orElseThrow()));
    return where;
  }

  /**
   * A viewport; one that crosses the antimeridian is its two halves. PostGIS's {@code &&} compares
   * single-precision boxes, rounded outwards, so it admits points just outside the box's edges:
   * each half is also compared exactly, as Lucene compares it (the box's edges rounded to the
   * 32-bit encoding the stored points come from, {@link GeoPointField#encodedBox}).
   */
  private static void box(StringBuilder where, List<Object> binds, GeoArea.Box box) {
    List<EncodedBox> halves =
        box.minLng() <= box.maxLng()
            ? List.of(
                GeoPointField.encodedBox(box.minLat(), box.maxLat(), box.minLng(), box.maxLng()))
            : List.of(
                GeoPointField.encodedBox(box.minLat(), box.maxLat(), box.minLng(), 180.0),
                GeoPointField.encodedBox(box.minLat(), box.maxLat(), -180.0, box.maxLng()));
    StringJoiner any = new StringJoiner(" OR ", " AND (", ")");
    any.add("false");
    for (EncodedBox half : halves) {
      if (half.isEmpty()) {
        continue;
      }
      double minLat = GeoEncodingUtils.decodeLatitude(half.minLat());
      double maxLat = GeoEncodingUtils.decodeLatitude(half.maxLat());
      double minLng = GeoEncodingUtils.decodeLongitude(half.minLng());
      double maxLng = GeoEncodingUtils.decodeLongitude(half.maxLng());
      any.add(
          "(geom && ST_MakeEnvelope(?, ?, ?, ?, 4326)"
              + " AND ST_Y(geom) BETWEEN ? AND ? AND ST_X(geom) BETWEEN ? AND ?)");
      binds.addAll(List.of(minLng, minLat, maxLng, maxLat, minLat, maxLat, minLng, maxLng));
    }
    where.append(any);
  }

  /**
   * The matches of {@code filter} grouped by the Web Mercator tile of {@code tileZoom} they fall
   * in, with {@code ST_SnapToGrid} on the points in EPSG:3857 (to the tile's centre) and {@code
   * GROUP BY}: one row per tile, column 1 and 2 the centre's x and y in metres, then for the
   * listings whose address may be shown and for the others apart their count, lowest and highest
   * price, and the sums and extremes of their positions; last the lowest mlsId of the shown ones.
   */
  static Sql clusters(FilterValues filter, int tileZoom) {
    List<Object> binds = new ArrayList<>();
    double size = TileGrid.size(tileZoom);
    double origin = TileGrid.centreOfFirst(tileZoom);
    binds.addAll(List.of(origin, origin, size, size));
    StringBuilder where = where(filter, binds);
    StringJoiner columns = new StringJoiner(", ");
    for (String part : List.of("NOT hidden", "hidden")) {
      String f = " FILTER (WHERE " + part + ")";
      columns.add("count(*)" + f);
      columns.add("min(list_price)" + f);
      columns.add("max(list_price)" + f);
      columns.add("sum(lat)" + f);
      columns.add("sum(lng)" + f);
      columns.add("min(lat)" + f);
      columns.add("min(lng)" + f);
      columns.add("max(lat)" + f);
      columns.add("max(lng)" + f);
    }
    return new Sql(
        "SELECT ST_X(cell), ST_Y(cell), "
            + columns
            + ", min(mls_id) FILTER (WHERE NOT hidden)"
            + " FROM (SELECT ST_SnapToGrid(ST_Transform(geom, 3857), ?, ?, ?, ?) AS cell,"
            + " ST_Y(geom) AS lat, ST_X(geom) AS lng, list_price, mls_id,"
            + " address_display IS FALSE AS hidden"
            + " FROM listing WHERE "
            + where
            + " AND geom IS NOT NULL) m GROUP BY cell",
        binds);
  }

  /**
   * The {@code q} values as a tsquery: within a value every word must match and the last may be a
   * prefix (as {@link TokenField#matchAllWords} does); values are OR-ed. A value without words
   * matches nothing.
   */
  static String tsquery(List<String> values) {
    StringJoiner any = new StringJoiner(" | ");
    for (String value : values) {
      List<String> words = TokenField.words(value);
      if (words.isEmpty()) {
        continue;
      }
      StringJoiner all = new StringJoiner(" & ", "(", ")");
      for (int i = 0; i < words.size(); i++) {
        String word = words.get(i);
        boolean prefix =
            i == words.size() - 1 && word.codePointCount(0, word.length()) <= TokenField.MAX_PREFIX;
        all.add("'" + word + "'" + (prefix ? ":*" : ""));
      }
      any.add(all.toString());
    }
    // A tsquery that matches nothing: a lexeme no listing holds.
    return any.length() == 0 ? "'\u0001'" : any.toString();
  }

  private static String idx(IdxRule rule) {
    return switch (rule) {
      case NULL -> " AND address_display IS NOT FALSE AND listing_display IS NOT FALSE";
      case LISTING -> " AND listing_display IS NOT FALSE";
      case ADDRESS -> " AND address_display IS NOT FALSE";
      case IGNORE -> "";
    };
  }

  private static void range(
      StringBuilder where, List<Object> binds, String column, Optional<?> min, Optional<?> max) {
    min.ifPresent(
        value -> {
          where.append(" AND ").append(column).append(" >= ?");
          binds.add(value);
        });
    max.ifPresent(
        value -> {
          where.append(" AND ").append(column).append(" <= ?");
          binds.add(value);
        });
  }

  /**
   * {@code column = ?} for one value, as an application would write it: PostgreSQL 15 can walk a
   * B-tree in order behind an equality, but not behind {@code = ANY(array)}, so a one-value array
   * would cost the default page its index-ordered scan. {@code = ANY(?)} for several.
   */
  private static void anyOf(
      StringBuilder where, List<Object> binds, String column, List<String> values) {
    if (values.size() == 1) {
      where.append(" AND ").append(column).append(" = ?");
      binds.add(values.get(0));
    } else if (!values.isEmpty()) {
      where.append(" AND ").append(column).append(" = ANY(?)");
      binds.add(values.toArray(String[]::new));
    }
  }

  private static List<String> normalized(List<String> values) {
    return values.stream().map(KeywordField::normalize).toList();
  }

  private static String wkt(GeoPolygon polygon) {
    StringJoiner ring = new StringJoiner(", ", "POLYGON((", "))");
    List<GeoPolygon.Vertex> vertices = polygon.ring();
    for (int i = 0; i <= vertices.size(); i++) {
      GeoPolygon.Vertex v = vertices.get(i % vertices.size());
      ring.add(String.format(Locale.ROOT, "%s %s", v.lng(), v.lat()));
    }
    return ring.toString();
  }
}
