package io.keybox.bench.lucene;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.bench.SystemName;
import io.keybox.bench.load.AnswerKeys;
import io.keybox.bench.load.Outcome;
import io.keybox.bench.load.Target;
import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.Mix;
import io.keybox.schema.CommitData;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingSort;
import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.openhouse.OpenHouseSource;
import io.keybox.server.error.RequestException;
import io.keybox.server.http.edge.ErrorStatus;
import io.keybox.server.query.ClusterRequestParser;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.ListingSearchRequest;
import io.keybox.server.query.OpenHouseRequestParser;
import io.keybox.server.query.OpenHouseSearchRequest;
import io.keybox.server.query.Paging;
import io.keybox.server.query.ParamValues;
import io.keybox.server.query.Params;
import io.keybox.server.search.ListingClusters;
import io.keybox.server.search.exec.PageStoredFields;
import io.keybox.server.search.exec.SortOrder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/**
 * Raw Lucene: the server's own parser and query builder ({@link Params}, {@link
 * ListingRequestParser}, {@link FilterQueryBuilder}, the schema's sorts) and an {@link
 * IndexSearcher} on the same index, in this JVM, without HTTP or JSON. The stored response bytes of
 * each hit of the page are loaded (that is Lucene work); nothing is serialised or sent. This is the
 * limit the server approaches.
 *
 * <p>Per request it does what the answer needs and no more: the page query (one extra hit to know
 * whether more follow, as the server does), the stored fields of the page, the count when {@code
 * count=true}. The server's extra work (e.g. the query that finds the {@code prev} cursor of a
 * {@code lastId} page for its Link header) counts as server overhead.
 */
public final class LuceneTarget implements Target {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final IndexSearcher searcher;
  private final int schemaVersion;
  private final ListingRequestParser parser;
  private final OpenHouseRequestParser openHouseParser;
  private final ClusterRequestParser clusterParser = new ClusterRequestParser();

  /**
   * @param reader the index the server serves; the caller closes it
   * @param offsetWindow the server's offset window (so the same requests are valid)
   */
  public LuceneTarget(DirectoryReader reader, int offsetWindow) throws IOException {
    this.searcher = new IndexSearcher(reader);
    this.schemaVersion = CommitData.schemaVersionOf(reader.getIndexCommit());
    this.parser = new ListingRequestParser(offsetWindow);
    this.openHouseParser = new OpenHouseRequestParser(offsetWindow);
  }

  @Override
  public SystemName system() {
    return SystemName.LUCENE;
  }

  @Override
  public Session open() {
    return new Session() {
      @Override
      public Outcome execute(BenchRequest request, boolean detailed) throws IOException {
        try {
          return switch (request.endpoint()) {
            case SEARCH -> search(Params.parse(request.query()), detailed);
            case LISTING -> listing(request.mlsId(), Params.parse(request.query()), detailed);
            case ANALYTICS -> analytics(Params.parse(request.query()), detailed);
            case OPEN_HOUSES -> openHouses(Params.parse(request.query()), detailed);
            case CLUSTERS -> clusters(Params.parse(request.query()), detailed);
            case RESO_PROPERTY -> throw new IllegalStateException(Mix.RESO_ONLY);
          };
        } catch (RequestException e) {
          return Outcome.failed(ErrorStatus.of(e), e.getMessage());
        }
      }

      @Override
      public void close() {}
    };
  }

  private Outcome search(Params params, boolean detailed) throws IOException {
    ListingSearchRequest request = parser.parse(params);
    Query query = FilterQueryBuilder.build(request.filter());
    ScoreDoc[] hits;
    if (request.lastId().isPresent()) {
      Query afterCursor =
          new BooleanQuery.Builder()
              .add(query, Occur.FILTER)
              .add(ListingFields.MLS_ID.after(request.lastId().getAsLong()), Occur.FILTER)
              .build();
      hits =
          searcher.search(afterCursor, request.limit() + 1, ListingSort.BY_MLS_ID, false).scoreDocs;
    } else {
      hits =
          SortOrder.missingLast(request.sort().sort(request.descending()), request.sort().hasKey())
              .page(searcher, query, request.offset(), request.limit() + 1);
      if (request.offset() > 0 && hits.length == 0) {
        return Outcome.failed(400, "offset too high");
      }
    }
    int to = Math.min(hits.length, request.limit());
    int[] docs = new int[to];
    for (int i = 0; i < to; i++) {
      docs[i] = hits[i].doc;
    }
    StoredFields stored = PageStoredFields.of(searcher.getIndexReader(), docs);
    List<ListingSource> page = new ArrayList<>(to);
    for (int doc : docs) {
      page.add(ListingSource.load(stored, doc, false, false));
    }
    long total = request.count() ? searcher.count(query) : -1;
    long next = -1;
    if (request.lastId().isPresent() && hits.length > to) {
      next = (Long) ((FieldDoc) hits[to - 1]).fields[0];
    }
    List<String> keys = null;
    if (detailed) {
      keys = new ArrayList<>();
      for (int i = 0; i < to; i++) {
        keys.add(Long.toString(mlsId(hits[i].doc)));
      }
      if (total >= 0) {
        keys.add("total=" + total);
      }
    }
    return Outcome.ok(0, next, keys);
  }

  private Outcome listing(long mlsId, Params params, boolean detailed) throws IOException {
    IdxRule idx =
        params
            .first("idx")
            .map(v -> ParamValues.oneOf("idx", v, IdxRule::parse, IdxRule.parameterValues()))
            .orElse(IdxRule.NULL);
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    query.add(ListingQueries.byMlsId(mlsId, schemaVersion), Occur.FILTER);
    idx.filter().ifPresent(rule -> query.add(rule, Occur.FILTER));
    ScoreDoc[] hits = searcher.search(query.build(), 1).scoreDocs;
    if (hits.length == 0) {
      return Outcome.failed(404, "listing " + mlsId + " not found");
    }
    ListingSource.load(searcher.storedFields(), hits[0].doc, false, false);
    return Outcome.ok(0, -1, detailed ? List.of(Long.toString(mlsId(hits[0].doc))) : null);
  }

  private Outcome analytics(Params params, boolean detailed) throws IOException {
    Query query = FilterQueryBuilder.build(parser.filter(params));
    LuceneAnalytics.Result result = LuceneAnalytics.compute(searcher, query);
    return Outcome.ok(
        0,
        -1,
        detailed
            ? AnswerKeys.analytics(
                result.totalCount(), result.minPrice(), result.maxPrice(), result.medianPrice())
            : null);
  }

  /**
   * The clusters of a map view: the server's one pass over the matches' doc values ({@link
   * ListingClusters}), in this JVM, without the response's JSON.
   */
  private Outcome clusters(Params params, boolean detailed) throws IOException {
    ClusterRequestParser.ClusterParams request = clusterParser.parse(params);
    ListingClusters.Result result =
        new ListingClusters()
            .compute(
                searcher,
                request.filter(),
                new ListingClusters.Request(
                    request.zoom(), request.precision(), request.maxClusters()));
    List<String> keys = null;
    if (detailed) {
      keys = new ArrayList<>();
      keys.add("totalCount=" + result.totalCount());
      for (ListingClusters.Cluster c : result.clusters()) {
        keys.add(
            AnswerKeys.cluster(
                c.count(),
                c.mlsId().orElse(-1),
                Double.isNaN(c.minPrice()) ? null : c.minPrice(),
                Double.isNaN(c.maxPrice()) ? null : c.maxPrice()));
      }
    }
    return Outcome.ok(0, -1, keys);
  }

  /**
   * A page of open houses in offset mode (the mix sends no open house cursor): the page query, the
   * stored open house and listing of each hit, the count when asked. The openHouseIds for the
   * answer check are read from the stored JSON only for the detailed requests.
   */
  private Outcome openHouses(Params params, boolean detailed) throws IOException {
    OpenHouseSearchRequest request = openHouseParser.parse(params);
    Paging paging = request.paging();
    if (paging.lastId().isPresent()) {
      return Outcome.failed(501, "lastId paging of open houses is not part of the mix");
    }
    Query query = FilterQueryBuilder.build(request.filter());
    ScoreDoc[] hits =
        SortOrder.missingLast(request.sort().sort(request.descending()), request.sort().hasKey())
            .page(searcher, query, paging.offset(), paging.limit() + 1);
    if (paging.offset() > 0 && hits.length == 0) {
      return Outcome.failed(400, "offset too high");
    }
    int to = Math.min(hits.length, paging.limit());
    StoredFields stored = searcher.storedFields();
    List<String> keys = detailed ? new ArrayList<>() : null;
    for (int i = 0; i < to; i++) {
      OpenHouseSource openHouse = OpenHouseSource.load(stored, hits[i].doc, false, false);
      if (detailed) {
        keys.add(JSON.readTree(openHouse.toBytes(false, false)).path("openHouseId").asText());
      }
    }
    long total = paging.count() ? searcher.count(query) : -1;
    if (detailed && total >= 0) {
      keys.add("total=" + total);
    }
    return Outcome.ok(0, -1, keys);
  }

  private long mlsId(int doc) throws IOException {
    return ListingFields.MLS_ID
        .valueOf(searcher.getIndexReader(), doc)
        .orElseThrow(() -> new IllegalStateException("document " + doc + " has no mlsId"));
  }
}
