package io.keybox.server.reso;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoPropertyRecord;
import io.keybox.schema.reso.ResoValues;
import io.keybox.server.error.AccessDeniedException;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.error.NotSupportedException;
import io.keybox.server.index.Snapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.olingo.server.api.uri.UriInfo;
import org.apache.olingo.server.api.uri.UriResource;
import org.apache.olingo.server.api.uri.UriResourceEntitySet;
import org.apache.olingo.server.api.uri.UriResourceNavigation;

/**
 * Reads a resource: one record by key, or a page of a collection with {@code $filter}, {@code
 * $orderby}, {@code $select}, {@code $top} (the total cap), {@code $skip}, {@code $count}, {@code
 * $expand} and keyset paging ({@code $skiptoken} in an absolute {@code @odata.nextLink}); also a
 * listing's navigation properties as paths ({@code Property('101')/Media}). Listings pass the
 * default IDX rule, as on {@code /properties}.
 *
 * <p>A page is made of documents in the requested order, each giving its records ({@link
 * ResoRecords#records}: one, or a listing's photos), so the token of a Media page names the last
 * listing and how many of its photos were served.
 */
final class ResoReader {
  // The body is the caller's: closing a generator must not close it.
  private static final JsonFactory FACTORY =
      JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

  /** The most records one expansion or navigation lists (a listing's photos, its open houses). */
  private static final int MAX_EXPANDED = ResoService.MAX_PAGE_SIZE;

  private final int maxSkip;
  private final DerivedResources derived = new DerivedResources();

  ResoReader(int maxSkip) {
    this.maxSkip = maxSkip;
  }

  /**
   * A record of a page: the document it came from, its place among the document's, and the record:
   * its stored JSON, or (when {@code record} is null) its rendering ({@link ResoRecords#rendered}).
   */
  private record Row(
      FieldDoc document, int index, JsonNode record, ResoPropertyRecord.Stored rendered) {}

  /** Answers {@code request} from {@code snapshot}, writing the answer's body to {@code body}. */
  ResoReply read(Snapshot snapshot, ResoRequest request, UriInfo uri, OutputStream body)
      throws IOException {
    List<UriResource> parts = uri.getUriResourceParts();
    if (!(parts.get(0) instanceof UriResourceEntitySet set)) {
      throw new NotSupportedException(request.path() + " is not supported");
    }
    ResoEntity entity =
        ResoEntity.named(set.getEntitySet().getName())
            .orElseThrow(() -> new NotFoundException("no such resource: " + request.path()));
    Read read = new Read(snapshot.searcher(), request, body);
    if (parts.size() == 1) {
      ResoOptions options = read.options(uri, entity);
      if (!set.getKeyPredicates().isEmpty()) {
        return read.one(entity, options, keyText(set), entity.records().byKey(keyText(set)));
      }
      return read.page(entity, options, entity.name(), null);
    }
    if (parts.size() == 2
        && !set.getKeyPredicates().isEmpty()
        && parts.get(1) instanceof UriResourceNavigation path
        && path.getKeyPredicates().isEmpty()) {
      ResoNavigation navigation =
          entity
              .navigation(path.getProperty().getName())
              .orElseThrow(() -> new NotFoundException("no such resource: " + request.path()));
      JsonNode source = read.find(entity, keyText(set));
      ResoEntity target = navigation.target();
      ResoOptions options = read.options(uri, target);
      Query targets = navigation.targets(source);
      return navigation.collection()
          ? read.page(target, options, request.path(), targets)
          : read.one(target, options, null, targets);
    }
    throw new NotSupportedException(
        request.path() + ": only a listing's navigation properties are supported as paths");
  }

  /** The key of {@code set}'s key predicate, unquoted. */
  private static String keyText(UriResourceEntitySet set) {
    String key = set.getKeyPredicates().get(0).getText();
    return key.startsWith("'") ? key.substring(1, key.length() - 1).replace("''", "'") : key;
  }

  /**
   * One read: the leased snapshot's searcher, the request and the body its answer is written to.
   */
  private final class Read {
    private final IndexSearcher searcher;
    private final ResoRequest request;
    private final OutputStream body;

    Read(IndexSearcher searcher, ResoRequest request, OutputStream body) {
      this.searcher = searcher;
      this.request = request;
      this.body = body;
    }

    /** The searcher of {@code entity}'s documents: the snapshot's, or the one derived from it. */
    private IndexSearcher searcherOf(ResoEntity entity) {
      return entity
          .records()
          .derived()
          .map(resource -> derived.of(searcher).of(resource))
          .orElse(searcher);
    }

    /** The options of a read of {@code entity}, checked against the caller's rights. */
    ResoOptions options(UriInfo uri, ResoEntity entity) {
      allow(entity);
      ResoOptions options = ResoOptions.of(uri, entity, request, maxSkip);
      options.expand().forEach(e -> allow(e.navigation().target()));
      return options;
    }

    private void allow(ResoEntity entity) {
      if (entity == ResoEntity.MEMBER && !request.members()) {
        // The agents of /agents, in RESO's words: the same grant, also through ListAgent.
        throw new AccessDeniedException("the agents add-on is not enabled for this key");
      }
    }

    /** The record of {@code entity} whose key is {@code key}; 404 when there is none. */
    JsonNode find(ResoEntity entity, String key) throws IOException {
      return first(entity, entity.records().byKey(key), key)
          .orElseThrow(() -> new NotFoundException(entity.name() + " '" + key + "' not found"));
    }

    /**
     * The first record of {@code entity} in {@code documents} (whose key is {@code key}, when
     * given: a document may hold several).
     */
    private Optional<JsonNode> first(ResoEntity entity, Query documents, String key)
        throws IOException {
      PageOrder order = PageOrder.of(new Sort(entity.records().keySort(false)));
      int need = key == null ? 1 : MAX_EXPANDED;
      for (Row row :
          rows(entity, restrict(entity, documents), order, null, need, MAX_EXPANDED, false)) {
        if (key == null || entity.records().keyOf(row.record()).equals(key)) {
          return Optional.of(row.record());
        }
      }
      return Optional.empty();
    }

    /**
     * One record as an entity answer: the record of {@code documents} whose key is {@code key} (the
     * first, when null: a listing's agent), or a 404 (also for a listing whose agent is not held:
     * OData's 204 would be an answer without a body).
     */
    ResoReply one(ResoEntity entity, ResoOptions options, String key, Query documents)
        throws IOException {
      Optional<JsonNode> record = first(entity, documents, key);
      if (record.isEmpty()) {
        throw new NotFoundException(
            key == null
                ? request.path() + ": this " + entity.name() + " is not held"
                : entity.name() + " '" + key + "' not found");
      }
      try (JsonGenerator out = FACTORY.createGenerator(body)) {
        out.writeStartObject();
        out.writeStringField("@odata.context", context(entity, options) + "/$entity");
        writeFields(out, entity, options.select(), options.expand(), record.get());
        out.writeEndObject();
      }
      return new ResoReply(ResoService.JSON_TYPE, Map.of());
    }

    /**
     * A page of {@code entity}'s records matching the options (and {@code scope}, when given),
     * whose nextLink continues at {@code path}.
     */
    ResoReply page(ResoEntity entity, ResoOptions options, String path, Query scope)
        throws IOException {
      Query query =
          restrict(entity, scope == null ? options.filter() : and(options.filter(), scope));
      Sort sort = options.order().sort();
      int pageSize = options.pageSize();
      int wanted =
          options.top().isPresent() ? Math.min(pageSize, options.top().getAsInt()) : pageSize;
      Optional<SkipToken.Position> start =
          options
              .skipToken()
              .map(
                  token ->
                      SkipToken.position(
                          token,
                          sort.getSort(),
                          searcherOf(entity).getIndexReader().maxDoc(),
                          entity.records().manyPerDocument()));
      int from = start.isPresent() ? 0 : options.skip();
      // Without $expand a listing is its rendering, copied (or, for $select, cut) as bytes.
      boolean rendered = options.expand().isEmpty();
      List<Row> rows =
          rows(
              entity,
              query,
              options.order(),
              start.orElse(null),
              from + wanted + 1,
              Integer.MAX_VALUE,
              rendered);
      int to = Math.min(rows.size(), from + wanted);
      boolean more =
          rows.size() > to && (options.top().isEmpty() || options.top().getAsInt() > to - from);
      try (JsonGenerator out = FACTORY.createGenerator(body)) {
        out.writeStartObject();
        out.writeStringField("@odata.context", context(entity, options));
        if (options.count()) {
          out.writeNumberField("@odata.count", count(entity, query));
        }
        out.writeArrayFieldStart("value");
        out.flush(); // the records go to the body as bytes, each written whole
        int[] members = null; // of a $select, in a rendering: asked for once, when one comes
        ResoPropertyRecord.Writer whole = new ResoPropertyRecord.Writer();
        for (int i = from; i < to; i++) {
          if (i > from) {
            body.write(',');
          }
          Row row = rows.get(i);
          if (members == null && row.rendered() != null && options.selected()) {
            members = members(options.select());
          }
          writeRecord(body, row, entity, options, members, whole);
        }
        out.writeEndArray();
        if (more) {
          Row last = rows.get(to - 1);
          String token =
              entity.records().manyPerDocument()
                  ? SkipToken.of(last.document(), last.index() + 1)
                  : SkipToken.of(last.document());
          out.writeStringField("@odata.nextLink", nextLink(path, options, token, to - from));
        }
        out.writeEndObject();
      }
      Map<String, String> headers = new LinkedHashMap<>();
      if (request.maxPageSize().isPresent()) {
        headers.put("Preference-Applied", "odata.maxpagesize=" + pageSize);
      }
      return new ResoReply(ResoService.JSON_TYPE, headers);
    }

    /**
     * The first {@code need} records of the documents {@code query} matches in {@code order}'s
     * order, from {@code start} on (past its records already served), reading at most {@code
     * documents} documents; with {@code rendered}, a document's rendering when it holds one.
     */
    private List<Row> rows(
        ResoEntity entity,
        Query query,
        PageOrder order,
        SkipToken.Position start,
        int need,
        int documents,
        boolean rendered)
        throws IOException {
      IndexSearcher searcher = searcherOf(entity);
      List<Row> rows = new ArrayList<>(Math.min(need, MAX_EXPANDED + 1));
      FieldDoc after = start == null ? null : start.after();
      int read = 0;
      while (rows.size() < need && read < documents) {
        int batch = Math.min(need - rows.size(), documents - read);
        TopDocs hits = order.page(searcher, query, after, batch);
        ResoPropertyRecord.Stored[] renderings =
            rendered
                ? entity.records().rendered(searcher.getIndexReader(), docs(hits))
                : new ResoPropertyRecord.Stored[hits.scoreDocs.length];
        for (int h = 0; h < hits.scoreDocs.length; h++) {
          FieldDoc document = (FieldDoc) hits.scoreDocs[h];
          ResoPropertyRecord.Stored rendering = renderings[h];
          if (rendering != null) {
            rows.add(new Row(document, 0, null, rendering)); // one record per document
            continue;
          }
          List<JsonNode> records =
              entity
                  .records()
                  .records(
                      entity.records().load(searcher.storedFields(), document.doc),
                      request.photoUrls());
          int first = start == null ? 0 : start.servedOf(document);
          for (int i = first; i < records.size() && rows.size() < need; i++) {
            rows.add(new Row(document, i, records.get(i), null));
          }
        }
        read += hits.scoreDocs.length;
        if (hits.scoreDocs.length < batch) {
          break;
        }
        after = (FieldDoc) hits.scoreDocs[hits.scoreDocs.length - 1];
      }
      return rows;
    }

    private static int[] docs(TopDocs hits) {
      int[] docs = new int[hits.scoreDocs.length];
      for (int i = 0; i < docs.length; i++) {
        docs[i] = hits.scoreDocs[i].doc;
      }
      return docs;
    }

    /** The number of records {@code query} matches: of documents, or of their records. */
    private long count(ResoEntity entity, Query query) throws IOException {
      IndexSearcher searcher = searcherOf(entity);
      int documents = searcher.count(query);
      if (!entity.records().manyPerDocument() || documents == 0) {
        return documents;
      }
      long records = 0;
      for (ScoreDoc hit : searcher.search(query, documents).scoreDocs) {
        records +=
            entity
                .records()
                .records(
                    entity.records().load(searcher.storedFields(), hit.doc), request.photoUrls())
                .size();
      }
      return records;
    }

    /**
     * Writes {@code row}'s record as one JSON object: its rendering as stored (whole through {@code
     * whole}, or cut to {@code members} for a {@code $select}), or, without one, written from its
     * stored JSON.
     */
    private void writeRecord(
        OutputStream body,
        Row row,
        ResoEntity entity,
        ResoOptions options,
        int[] members,
        ResoPropertyRecord.Writer whole)
        throws IOException {
      if (row.rendered() != null && !options.selected()) {
        whole.write(row.rendered(), body);
      } else if (row.rendered() != null) {
        row.rendered().writeSelected(members, body);
      } else {
        try (JsonGenerator out = FACTORY.createGenerator(body)) {
          out.writeStartObject();
          writeFields(out, entity, options.select(), options.expand(), row.record());
          out.writeEndObject();
        }
      }
    }

    /** The member indexes of {@code select} in a rendered record, in its order. */
    private static int[] members(List<ResoField> select) {
      return select.stream()
          .mapToInt(f -> ResoPropertyRecord.member(f.reso()).orElseThrow())
          .toArray();
    }

    /** Writes the key, the selected fields and the expansions of {@code record}. */
    private void writeFields(
        JsonGenerator out,
        ResoEntity entity,
        List<ResoField> select,
        List<ResoOptions.Expansion> expand,
        JsonNode record)
        throws IOException {
      out.writeStringField(entity.keyName(), entity.records().keyOf(record));
      for (ResoField field : select) {
        ResoValues.writeMember(out, field, record);
      }
      for (ResoOptions.Expansion expansion : expand) {
        ResoNavigation navigation = expansion.navigation();
        ResoEntity target = navigation.target();
        PageOrder order = PageOrder.of(new Sort(target.records().keySort(false)));
        List<Row> targets =
            rows(
                target,
                restrict(target, navigation.targets(record)),
                order,
                null,
                MAX_EXPANDED,
                MAX_EXPANDED,
                false);
        out.writeFieldName(navigation.propertyName());
        if (!navigation.collection()) {
          if (targets.isEmpty()) {
            out.writeNull();
          } else {
            writeEntity(out, target, expansion.select(), targets.get(0).record());
          }
          continue;
        }
        out.writeStartArray();
        for (Row row : targets) {
          writeEntity(out, target, expansion.select(), row.record());
        }
        out.writeEndArray();
      }
    }

    private void writeEntity(
        JsonGenerator out, ResoEntity entity, List<ResoField> select, JsonNode record)
        throws IOException {
      out.writeStartObject();
      writeFields(out, entity, select, List.of(), record);
      out.writeEndObject();
    }

    private String context(ResoEntity entity, ResoOptions options) {
      String context = request.serviceRoot() + "/$metadata#" + entity.name();
      return options.selected() ? context + "(" + options.selectList(entity) + ")" : context;
    }

    /**
     * The next page's absolute URL: {@code path} with this request's options as sent, without
     * {@code $skip}, {@code $top} and {@code $skiptoken}, then what is left of {@code $top} and the
     * token of the last record.
     */
    private String nextLink(String path, ResoOptions options, String token, int served) {
      List<String> kept = new ArrayList<>();
      if (!request.rawQuery().isEmpty()) {
        for (String pair : request.rawQuery().split("&")) {
          String name = URLDecoder.decode(pair.split("=", 2)[0], StandardCharsets.UTF_8);
          if (!name.equals("$skip") && !name.equals("$top") && !name.equals("$skiptoken")) {
            kept.add(pair);
          }
        }
      }
      options.top().ifPresent(top -> kept.add("$top=" + (top - served)));
      kept.add("$skiptoken=" + token);
      return request.serviceRoot() + "/" + path + "?" + String.join("&", kept);
    }
  }

  /** {@code query} among the records of {@code entity} the caller may see. */
  private static Query restrict(ResoEntity entity, Query query) {
    return and(entity.records().all(), query);
  }

  private static Query and(Query a, Query b) {
    return new BooleanQuery.Builder().add(a, Occur.FILTER).add(b, Occur.FILTER).build();
  }

  static void checkSkip(int skip, int maxSkip) {
    if (skip > maxSkip) {
      throw new InvalidRequestException(
          "$skip must be at most " + maxSkip + " (got: " + skip + "); follow @odata.nextLink");
    }
  }
}
