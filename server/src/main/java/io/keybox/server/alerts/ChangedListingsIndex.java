package io.keybox.server.alerts;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.MlsIdCollector;
import io.keybox.schema.shape.InvalidRecordException;
import io.keybox.server.index.Snapshot;
import io.keybox.state.alerts.Remembered;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.IndexableFieldType;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * A commit's changed listings that are still in the snapshot, in a small in-memory index of their
 * own, so that each saved search's query runs over those few documents instead of the whole index
 * (a search over a 1M-listing index costs its terms' and points' lookups in every segment, however
 * few documents it may visit). Each listing's document is made again by the schema's own {@link
 * ListingDocuments} from its stored record, as the indexer itself does when it re-indexes a listing
 * for its open houses, so a query matches it exactly as it matches the snapshot's document: the
 * filters are per-document tests and none depends on what else the index holds.
 *
 * <p>The searches run over it through {@link SharedClauses}: a clause many searches share (a city,
 * a price band, the default status) is looked up in it once per matching.
 *
 * <p>A one-document {@code MemoryIndex} per listing was the other way: it runs every search once
 * per changed listing (50 million runs for 10,000 searches and 5,000 listings) instead of once.
 * When every listing is to be looked at ({@link #all}), the searches run over the snapshot itself.
 *
 * <p>Searches and facts may be asked from several threads at once; each thread reads stored fields
 * through its own {@link #storedFields()}. One per matching, closed after.
 */
final class ChangedListingsIndex implements AutoCloseable {
  /** The listings one thread makes the documents of at a time. */
  private static final int PART = 250;

  /**
   * The most listings the results shared between searches of the same query hold in all (about 20
   * MB): a commit of many changed listings shares fewer.
   */
  private static final long MAX_SHARED_HITS = 250_000;

  private final IndexSearcher snapshot;
  private final Map<Long, Integer> docs;
  private final IndexSearcher searcher;
  private final Optional<DirectoryReader> own;
  private final Map<Long, Remembered> facts = new ConcurrentHashMap<>();
  private final Map<String, Map<Long, Integer>> shared = new ConcurrentHashMap<>();
  private final AtomicLong sharedHits = new AtomicLong();
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param snapshot the snapshot's searcher
   * @param docs each listing's document in the snapshot
   * @param searcher what each search runs over: the small index, or the snapshot itself
   * @param own the small index's reader, closed with this
   */
  private ChangedListingsIndex(
      IndexSearcher snapshot,
      Map<Long, Integer> docs,
      IndexSearcher searcher,
      Optional<DirectoryReader> own) {
    this.snapshot = snapshot;
    this.docs = docs;
    this.searcher = searcher;
    this.own = own;
  }

  /**
   * Every listing of {@code snapshot} (leased by the caller): then each search runs over the
   * snapshot itself, which holds exactly them (a commit that does not follow the one matched last).
   *
   * @throws IOException from the snapshot's index
   */
  static ChangedListingsIndex all(Snapshot snapshot) throws IOException {
    IndexSearcher searcher = searcher(snapshot.reader());
    Map<Long, Integer> docs = new HashMap<>();
    searcher.search(ListingQueries.allListings(), new MlsIdCollector(docs::put));
    return new ChangedListingsIndex(searcher, docs, searcher, Optional.empty());
  }

  /**
   * The listings {@code mlsIds} as {@code snapshot} (leased by the caller) holds them; an mlsId it
   * no longer holds (deleted) is left out. Their documents are made on {@code threads}, a part of
   * the listings at a time (reading and parsing each stored record and making its document were
   * most of building this index), and added by the caller's thread in the order of {@code mlsIds}:
   * one writer thread makes one segment, so each search pays its setup once (documents added from
   * two threads make two segments, and merging them took longer than the adding saved).
   *
   * @throws IOException from the snapshot's index
   */
  static ChangedListingsIndex of(Snapshot snapshot, long[] mlsIds, MatchingThreads threads)
      throws IOException {
    return of(snapshot, mlsIds, threads, PART);
  }

  /** As {@link #of(Snapshot, long[], MatchingThreads)}, {@code part} listings to a part. */
  static ChangedListingsIndex of(
      Snapshot snapshot, long[] mlsIds, MatchingThreads threads, int part) throws IOException {
    IndexSearcher searcher = searcher(snapshot.reader());
    Map<Long, Integer> docs = new HashMap<>();
    ByteBuffersDirectory directory = new ByteBuffersDirectory();
    try (IndexWriter writer =
        new IndexWriter(
            directory, new IndexWriterConfig().setRAMBufferSizeMB(256).setCommitOnClose(false))) {
      threads.inOrder(
          (mlsIds.length + part - 1) / part,
          index ->
              () ->
                  make(
                      snapshot,
                      searcher,
                      Arrays.copyOfRange(
                          mlsIds, index * part, Math.min(mlsIds.length, (index + 1) * part))),
          made -> {
            for (Made listing : made) {
              docs.put(listing.mlsId(), listing.doc());
              writer.addDocument(listing.document());
            }
          });
      DirectoryReader small = DirectoryReader.open(writer);
      return new ChangedListingsIndex(
          searcher, docs, SharedClauses.searcher(small), Optional.of(small));
    }
  }

  /**
   * A listing's document for the small index.
   *
   * @param mlsId the listing
   * @param doc its document in the snapshot
   * @param document its searchable fields
   */
  private record Made(long mlsId, int doc, Document document) {}

  /** The documents of the listings {@code mlsIds} that {@code snapshot} holds, in their order. */
  private static List<Made> make(Snapshot snapshot, IndexSearcher searcher, long[] mlsIds)
      throws IOException {
    StoredFields stored = searcher.storedFields();
    ListingDocuments documents = new ListingDocuments(new ObjectMapper());
    List<Made> made = new ArrayList<>(mlsIds.length);
    try {
      for (long mlsId : mlsIds) {
        int doc =
            ListingQueries.findListing(searcher, mlsId, snapshot.schemaVersion(), IdxRule.IGNORE);
        if (doc >= 0) {
          made.add(
              new Made(
                  mlsId,
                  doc,
                  searchable(documents.toSearchDocument(documents.stored(stored, doc)))));
        }
      }
    } catch (InvalidRecordException e) {
      // The snapshot's own stored JSON: only an index of another schema would hold such a record.
      throw new IOException("a listing's stored record does not read back: " + e.getMessage(), e);
    }
    return made;
  }

  /** A searcher of {@code reader} without the query cache: each search runs once over it. */
  private static IndexSearcher searcher(IndexReader reader) {
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setQueryCache(null);
    return searcher;
  }

  /**
   * {@code document} less any stored-only field: queries never read them (the document is made
   * without the rendered JSON, whose compressing was a tenth of building this index in the alerts
   * bench's profile; this keeps any other stored value out too).
   */
  private static Document searchable(Document document) {
    Document searchable = new Document();
    for (IndexableField field : document) {
      IndexableFieldType type = field.fieldType();
      if (type.indexOptions() != IndexOptions.NONE
          || type.docValuesType() != DocValuesType.NONE
          || type.pointDimensionCount() > 0) {
        searchable.add(field);
      }
    }
    return searchable;
  }

  /** The listing's document in the snapshot, or null when the snapshot no longer holds it. */
  Integer doc(long mlsId) {
    return docs.get(mlsId);
  }

  /**
   * The listings {@code filter}, the query of saved-search query string {@code query}, matches, as
   * {@link #matching(Query)}; computed once for all the searches with that query string (searches
   * are often saved with the same query, and each search's setup over the small index is most of
   * its cost), while the results kept hold at most {@value #MAX_SHARED_HITS} listings in all. The
   * map returned may be shared: callers only read it.
   */
  Map<Long, Integer> matching(String query, Query filter) throws IOException {
    Map<Long, Integer> known = shared.get(query);
    if (known != null) {
      return known;
    }
    Map<Long, Integer> hits = Collections.unmodifiableMap(matching(filter));
    if (sharedHits.addAndGet(hits.size() + 1) <= MAX_SHARED_HITS) {
      shared.putIfAbsent(query, hits);
    }
    return hits;
  }

  /** The listings {@code filter} matches: mlsId to its document in the snapshot, by mlsId. */
  Map<Long, Integer> matching(Query filter) throws IOException {
    Map<Long, Integer> hits = new TreeMap<>();
    if (docs.isEmpty()) {
      return hits;
    }
    searcher.search(filter, new MlsIdCollector((mlsId, doc) -> hits.put(mlsId, docs.get(mlsId))));
    return hits;
  }

  /** The snapshot's stored fields, for the calling thread alone (they are not thread-safe). */
  StoredFields storedFields() throws IOException {
    return snapshot.storedFields();
  }

  /**
   * What an alert compares of listing {@code mlsId}, document {@code doc} of the snapshot, read
   * through {@code stored} (the calling thread's {@link #storedFields()}) the first time.
   */
  Remembered facts(long mlsId, int doc, StoredFields stored) throws IOException {
    Remembered known = facts.get(mlsId);
    if (known == null) {
      // Two threads may both read it: the same facts, and cheaper than holding a lock meanwhile.
      known = ListingFacts.of(snapshot, stored, doc, mlsId, json);
      facts.putIfAbsent(mlsId, known);
    }
    return known;
  }

  /** The mlsIds of the listings. */
  long[] mlsIds() {
    return docs.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
  }

  @Override
  public void close() {
    try {
      if (own.isPresent()) {
        own.get().close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
