package io.keybox.bench.postgres;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.feed.FeedInput;
import io.keybox.indexer.feed.NdjsonLines;
import io.keybox.indexer.feed.RawRecord;
import io.keybox.indexer.ids.IdMap;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Loads a generated feed into the peer the way a careful brokerage developer would: one table per
 * resource with a column for every filtered or sorted field and the listing JSON as {@code jsonb},
 * rows streamed with {@code COPY} (parsed on all cores while PostgreSQL ingests), then the B-tree,
 * GIN and GiST indexes the query mix needs, then {@code VACUUM ANALYZE}. Table, COPY and indexes
 * are one transaction, so with {@code wal_level = minimal} the data is not written twice. A {@code
 * CHECKPOINT} ends the load: VACUUM leaves every page of the tables dirty (hint bits, visibility),
 * for PostgreSQL's first timed checkpoint, five minutes after its start, to write out during the
 * measured classes (a run without it saw the server's index reads stall for seconds just then).
 */
public final class PostgresLoader {
  private static final int BATCH = 512;

  /** The sort keys: column of each ListingSort, in ListingSort order. */
  static final List<String> SORT_COLUMNS =
      List.of("list_price", "list_date", "close_date", "beds", "baths", "modified");

  /**
   * What loading cost.
   *
   * @param listings listing rows
   * @param openHouses open house rows
   * @param copySeconds time to stream the rows in
   * @param indexSeconds time to build the indexes
   * @param analyzeSeconds time of VACUUM ANALYZE
   * @param checkpointSeconds time of the CHECKPOINT that writes the pages VACUUM dirtied
   * @param tableBytes size of the tables with their TOAST data
   * @param indexBytes size of all indexes
   */
  public record Result(
      long listings,
      long openHouses,
      double copySeconds,
      double indexSeconds,
      double analyzeSeconds,
      double checkpointSeconds,
      long tableBytes,
      long indexBytes) {
    public double seconds() {
      return copySeconds + indexSeconds + analyzeSeconds + checkpointSeconds;
    }

    public double listingsPerSecond() {
      return listings / seconds();
    }
  }

  private final ObjectMapper mapper = new ObjectMapper();
  private final ListingRows rows = new ListingRows(mapper);
  private final int threads;

  public PostgresLoader(int threads) {
    this.threads = threads;
  }

  /**
   * Loads {@code listingsFeed} and {@code openHousesFeed}.
   *
   * @param ids the id map the Keybox indexer wrote, so both systems use the same mlsIds; null to
   *     number listings in dump order as the indexer does on a fresh vendor
   */
  public Result load(Connection connection, Path listingsFeed, Path openHousesFeed, IdMap ids)
      throws IOException, SQLException {
    connection.setAutoCommit(false);
    try (Statement sql = connection.createStatement()) {
      sql.execute("CREATE EXTENSION IF NOT EXISTS postgis");
      connection.commit();
      sql.execute(
          """
          CREATE TABLE listing (
            mls_id bigint NOT NULL,
            listing_id text NOT NULL,
            status text,
            type text,
            subtype text,
            list_price double precision,
            area bigint,
            baths double precision,
            baths_full bigint,
            beds bigint,
            days_on_market bigint,
            list_date timestamptz,
            modified timestamptz,
            close_date timestamptz,
            year_built bigint,
            lot_size_area double precision,
            acres double precision,
            garage_spaces double precision,
            city text,
            city_display text,
            postal_code text,
            county text,
            subdivision text,
            mls_area text,
            agent_id text,
            broker_id text,
            features text[],
            exterior_features text[],
            address_display boolean,
            listing_display boolean,
            geom geometry(Point, 4326),
            keywords tsvector,
            doc jsonb NOT NULL)
          """);
      sql.execute(
          """
          CREATE TABLE open_house (
            open_house_key bigint NOT NULL,
            open_house_id text,
            mls_id bigint NOT NULL,
            start_time timestamptz,
            end_time timestamptz,
            doc jsonb NOT NULL)
          """);
      long started = System.nanoTime();
      long listings =
          copy(
              connection,
              "listing",
              ListingRows.LISTING_COLUMNS,
              listingsFeed,
              (line, csv, out) -> {
                ListingRecord listing = ListingRecord.parse(mapper.readTree(line.text()));
                long id =
                    ids == null
                        ? line.line()
                        : ids.idOf(listing.listingId())
                            .orElseThrow(
                                () ->
                                    new IOException(
                                        "listing "
                                            + listing.listingId()
                                            + " is not in the id map"));
                rows.listing(listing.withMlsId(id), csv, out);
              });
      long openHouses =
          copy(
              connection,
              "open_house",
              ListingRows.OPEN_HOUSE_COLUMNS,
              openHousesFeed,
              (line, csv, out) -> {
                JsonNode record = mapper.readTree(line.text());
                JsonNode listing = record.path("listing");
                long mlsId =
                    listing.path("mlsId").isIntegralNumber()
                        ? listing.path("mlsId").asLong()
                        : ids == null
                            ? -1
                            : ids.idOf(listing.path("listingId").asText()).orElse(-1);
                if (mlsId > 0) {
                  rows.openHouse(line.line(), record, mlsId, csv, out);
                }
              });
      double copySeconds = (System.nanoTime() - started) / 1e9;
      started = System.nanoTime();
      for (String index : indexes()) {
        sql.execute(index);
      }
      connection.commit();
      double indexSeconds = (System.nanoTime() - started) / 1e9;
      connection.setAutoCommit(true);
      started = System.nanoTime();
      sql.execute("VACUUM ANALYZE listing");
      sql.execute("VACUUM ANALYZE open_house");
      double analyzeSeconds = (System.nanoTime() - started) / 1e9;
      started = System.nanoTime();
      sql.execute("CHECKPOINT");
      double checkpointSeconds = (System.nanoTime() - started) / 1e9;
      long tableBytes;
      long indexBytes;
      try (ResultSet size =
          sql.executeQuery(
              "SELECT sum(pg_table_size(t)), sum(pg_indexes_size(t))"
                  + " FROM unnest(ARRAY['listing'::regclass, 'open_house'::regclass]) t")) {
        size.next();
        tableBytes = size.getLong(1);
        indexBytes = size.getLong(2);
      }
      return new Result(
          listings,
          openHouses,
          copySeconds,
          indexSeconds,
          analyzeSeconds,
          checkpointSeconds,
          tableBytes,
          indexBytes);
    } catch (SQLException | IOException | RuntimeException e) {
      if (!connection.getAutoCommit()) {
        connection.rollback();
      }
      throw e;
    }
  }

  /**
   * The indexes the mix needs: the primary keys; per sort key a B-tree in each direction behind the
   * status (every search filters on it) with mlsId as the tie-break; for the search form, city with
   * price (few matches: a range scan, then a sort) and city with the default sort (many matches: an
   * ordered scan of that city alone, not of every active listing); GIN on the keyword vector; GiST
   * on the point; open houses by listing and start.
   */
  static List<String> indexes() {
    List<String> indexes = new java.util.ArrayList<>();
    indexes.add("ALTER TABLE listing ADD PRIMARY KEY (mls_id)");
    for (String column : SORT_COLUMNS) {
      indexes.add("CREATE INDEX ON listing (status, " + column + " ASC NULLS LAST, mls_id)");
      indexes.add("CREATE INDEX ON listing (status, " + column + " DESC NULLS LAST, mls_id)");
    }
    indexes.add("CREATE INDEX ON listing (city, status, list_price)");
    indexes.add("CREATE INDEX ON listing (city, status, modified DESC NULLS LAST, mls_id)");
    indexes.add("CREATE INDEX ON listing USING gin (keywords)");
    indexes.add("CREATE INDEX ON listing USING gist (geom)");
    // The radius search measures on the sphere, as Keybox does: through geography, which needs
    // its own index.
    indexes.add("CREATE INDEX ON listing USING gist ((geom::geography))");
    indexes.add("ALTER TABLE open_house ADD PRIMARY KEY (open_house_key)");
    indexes.add("CREATE INDEX ON open_house (mls_id)");
    indexes.add("CREATE INDEX ON open_house (start_time, open_house_key)");
    return indexes;
  }

  /** Turns one feed line into zero or one CSV lines. */
  private interface RowWriter {
    void write(RawRecord line, Csv csv, StringBuilder out)
        throws IOException, InvalidRecordException;
  }

  private static final Future<byte[]> END = CompletableFuture.completedFuture(new byte[0]);

  private long copy(
      Connection connection, String table, List<String> columns, Path feed, RowWriter writer)
      throws IOException, SQLException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    BlockingQueue<Future<byte[]>> inOrder = new ArrayBlockingQueue<>(threads * 4);
    AtomicReference<Exception> failure = new AtomicReference<>();
    Thread reader =
        new Thread(
            () -> {
              try (NdjsonLines in = new NdjsonLines(FeedInput.open(feed))) {
                List<RawRecord> batch;
                while (!(batch = in.nextBatch(BATCH)).isEmpty()) {
                  List<RawRecord> mine = batch;
                  inOrder.put(pool.submit(() -> csv(mine, writer)));
                }
              } catch (IOException | RuntimeException e) {
                failure.set(e);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } finally {
                try {
                  inOrder.put(END);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            },
            "bench-pg-read");
    reader.setDaemon(true);
    reader.start();
    CopyIn copy =
        connection
            .unwrap(PGConnection.class)
            .getCopyAPI()
            .copyIn(
                "COPY " + table + " (" + String.join(", ", columns) + ") FROM STDIN (FORMAT csv)");
    try {
      Future<byte[]> next;
      while ((next = inOrder.take()) != END) {
        byte[] bytes = next.get();
        copy.writeToCopy(bytes, 0, bytes.length);
      }
      reader.join();
      if (failure.get() != null) {
        throw new IOException("cannot read " + feed + ": " + failure.get(), failure.get());
      }
      return copy.endCopy();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("loading interrupted", e);
    } catch (ExecutionException e) {
      throw new IOException("cannot turn " + feed + " into rows: " + e.getCause(), e.getCause());
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
      pool.shutdownNow();
    }
  }

  private byte[] csv(List<RawRecord> lines, RowWriter writer)
      throws IOException, InvalidRecordException {
    StringBuilder out = new StringBuilder(lines.size() * 6000);
    Csv csv = new Csv();
    for (RawRecord line : lines) {
      writer.write(line, csv, out);
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }
}
