package io.keybox.bench.postgres;

import io.keybox.bench.SystemName;
import io.keybox.bench.load.AnswerKeys;
import io.keybox.bench.load.Outcome;
import io.keybox.bench.load.Target;
import io.keybox.bench.load.TileClusters;
import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.Mix;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.PropertyType;
import io.keybox.server.error.RequestException;
import io.keybox.server.http.edge.ErrorStatus;
import io.keybox.server.query.ClusterRequestParser;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.search.exec.WebMercatorTile;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL/PostGIS over JDBC, one connection per client. Each request's parameters are parsed by
 * the server's own parser, translated to SQL ({@link SqlQueries}) and answered with the JSON page
 * PostgreSQL builds; the client reads the whole answer.
 */
public final class PostgresTarget implements Target {
  private final PostgresCluster cluster;

  private final ListingRequestParser parser;
  private final ClusterRequestParser clusterParser = new ClusterRequestParser();

  public PostgresTarget(PostgresCluster cluster, int offsetWindow) {
    this.cluster = cluster;
    this.parser = new ListingRequestParser(offsetWindow);
  }

  @Override
  public SystemName system() {
    return SystemName.POSTGRES;
  }

  @Override
  public Session open() throws SQLException {
    Connection connection = cluster.connect();
    return new Session() {
      @Override
      public Outcome execute(BenchRequest request, boolean detailed)
          throws SQLException, IOException {
        try {
          Params params = Params.parse(request.query());
          return switch (request.endpoint()) {
            case SEARCH -> search(connection, parser.parse(params), request, detailed);
            case LISTING ->
                single(
                    connection,
                    SqlQueries.listing(request.mlsId(), idx(params)),
                    request,
                    detailed);
            case ANALYTICS ->
                single(connection, SqlQueries.analytics(parser.filter(params)), request, detailed);
            case OPEN_HOUSES -> openHouses(connection, params, request, detailed);
            case CLUSTERS -> clusters(connection, clusterParser.parse(params), detailed);
            case RESO_PROPERTY -> throw new IllegalStateException(Mix.RESO_ONLY);
          };
        } catch (RequestException e) {
          return Outcome.failed(ErrorStatus.of(e), e.getMessage());
        }
      }

      @Override
      public void close() throws SQLException {
        connection.close();
      }
    };
  }

  private static Outcome search(
      Connection connection, ListingSearchRequest search, BenchRequest request, boolean detailed)
      throws SQLException, IOException {
    try (PreparedStatement statement = prepare(connection, SqlQueries.search(search));
        ResultSet rows = statement.executeQuery()) {
      rows.next();
      byte[] page = rows.getBytes(1);
      long last = rows.getLong(2);
      long onPage = rows.getLong(3);
      String total = search.count() ? Long.toString(rows.getLong(4)) : null;
      if (search.offset() > 0 && onPage == 0 && search.lastId().isEmpty()) {
        return Outcome.failed(400, "offset too high");
      }
      long next = search.lastId().isPresent() && onPage == search.limit() ? last : -1;
      List<String> keys =
          detailed ? AnswerKeys.of(request.endpoint(), page, page.length, total) : null;
      return Outcome.ok(page.length, next, keys);
    }
  }

  /**
   * The clusters of a map view: PostgreSQL groups the matches by tile ({@link
   * SqlQueries#clusters}), this JVM finishes the answer as an application would ({@link
   * TileClusters}: merging past maxClusters, the address rule, the order); no JSON is written.
   */
  private static Outcome clusters(
      Connection connection, ClusterRequestParser.ClusterParams request, boolean detailed)
      throws SQLException {
    int tileZoom = Math.min(request.zoom() + request.precision(), WebMercatorTile.MAX_ZOOM);
    try (PreparedStatement statement =
            prepare(connection, SqlQueries.clusters(request.filter(), tileZoom));
        ResultSet rows = statement.executeQuery()) {
      TileClusters clusters = tiles(rows, tileZoom);
      List<String> keys = clusters.keys(request.maxClusters());
      return Outcome.ok(0, -1, detailed ? keys : null);
    }
  }

  /**
   * The tiles of the rows of {@link SqlQueries#clusters}: the cell's centre in columns 1 and 2, the
   * count and prices of the shown listings from column 3, of the others from column 12, the lowest
   * shown mlsId in column 21.
   */
  private static TileClusters tiles(ResultSet rows, int tileZoom) throws SQLException {
    TileClusters clusters = new TileClusters(tileZoom);
    while (rows.next()) {
      long tile =
          (TileGrid.row(rows.getDouble(2), tileZoom) << 32)
              | TileGrid.column(rows.getDouble(1), tileZoom);
      clusters.add(tile, part(rows, 3), rows.getLong(21), part(rows, 12));
    }
    return clusters;
  }

  private static TileClusters.Part part(ResultSet rows, int first) throws SQLException {
    return new TileClusters.Part(
        rows.getLong(first),
        rows.getObject(first + 1, Double.class),
        rows.getObject(first + 2, Double.class));
  }

  private static Outcome single(
      Connection connection, SqlQueries.Sql sql, BenchRequest request, boolean detailed)
      throws SQLException, IOException {
    try (PreparedStatement statement = prepare(connection, sql);
        ResultSet rows = statement.executeQuery()) {
      if (!rows.next()) {
        return Outcome.failed(404, "not found");
      }
      byte[] json = rows.getBytes(1);
      List<String> keys =
          detailed ? AnswerKeys.of(request.endpoint(), json, json.length, null) : null;
      return Outcome.ok(json.length, -1, keys);
    }
  }

  private static Outcome openHouses(
      Connection connection, Params params, BenchRequest request, boolean detailed)
      throws SQLException, IOException {
    List<PropertyType> types =
        params
            .first("type")
            .map(
                v ->
                    new ArrayList<>(
                        ParamValues.oneOf(
                                "type", v, PropertyType::parse, PropertyType.parameterNames())
                            .selectedByParameter()))
            .orElseGet(() -> new ArrayList<>(List.of(PropertyType.RES, PropertyType.CND)));
    int limit =
        params.first("limit").map(v -> (int) ParamValues.integer("limit", v, 1, 500)).orElse(12);
    int offset =
        params
            .first("offset")
            .map(v -> (int) ParamValues.integer("offset", v, 0, Integer.MAX_VALUE))
            .orElse(0);
    return single(
        connection,
        SqlQueries.openHouses(params.values("cities"), types, idx(params), limit, offset),
        request,
        detailed);
  }

  private static IdxRule idx(Params params) {
    Optional<String> value = params.first("idx");
    return value
        .map(v -> ParamValues.oneOf("idx", v, IdxRule::parse, IdxRule.parameterValues()))
        .orElse(IdxRule.NULL);
  }

  private static PreparedStatement prepare(Connection connection, SqlQueries.Sql sql)
      throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql.text());
    int i = 1;
    for (Object bind : sql.binds()) {
      if (bind instanceof String[] array) {
        statement.setArray(i++, connection.createArrayOf("text", array));
      } else {
        statement.setObject(i++, bind);
      }
    }
    return statement;
  }
}
