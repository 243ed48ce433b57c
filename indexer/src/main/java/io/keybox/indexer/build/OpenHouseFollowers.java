package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.ListingRecord;
import io.keybox.schema.openhouse.OpenHouseDocuments;
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.schema.openhouse.OpenHouseQueries;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/**
 * In an incremental run, the open houses of each changed listing follow it. An open house document
 * embeds its listing (the listing's JSON and its searchable fields), so when a listing is upserted
 * its open houses are written again with the new version, and when a listing is removed its open
 * houses go with it, as a full run rejects an open house whose listing the dump lacks.
 *
 * <p>The open houses are read from the commit the run started from; each listing changes at most
 * once in a run (a repeated listing is a reject), so that commit holds what to follow. Each call
 * deletes the listing's old open houses and then adds the new ones, so, like the listing's own
 * delete and add, the delete reaches only the old documents. Thread-safe: the run's writing threads
 * call it for different listings at once.
 */
final class OpenHouseFollowers {
  private final IndexSearcher searcher;
  private final OpenHouseDocuments documents;
  private final Set<Long> rewritten = ConcurrentHashMap.newKeySet();
  private final Set<Long> removed = ConcurrentHashMap.newKeySet();

  /** Followers of the open houses in {@code start}; none when it is empty (a full run). */
  OpenHouseFollowers(StartingCommit start, ObjectMapper mapper) {
    this.searcher = start.searcher().orElse(null);
    this.documents = new OpenHouseDocuments(mapper);
  }

  /**
   * Writes the open houses of {@code listing} (which carries its mlsId) again, joined with this
   * version of it; with those it had under {@code previousMlsId} when the dump gave it another
   * mlsId (else 0).
   *
   * @throws IOException from the index
   */
  void upserted(ListingRecord listing, long previousMlsId, IndexWriter writer) throws IOException {
    List<Long> mlsIds = new ArrayList<>(List.of(listing.mlsId().orElseThrow()));
    if (previousMlsId > 0) {
      mlsIds.add(previousMlsId);
    }
    for (long mlsId : mlsIds) {
      ScoreDoc[] openHouses = openHousesOf(mlsId);
      if (openHouses.length == 0) {
        continue;
      }
      StoredFields stored = searcher.storedFields();
      List<Document> rejoined = new ArrayList<>(openHouses.length);
      for (ScoreDoc openHouse : openHouses) {
        rejoined.add(documents.rejoin(stored, openHouse.doc, listing));
        rewritten.add(key(openHouse.doc));
      }
      writer.deleteDocuments(OpenHouseQueries.ofListing(mlsId));
      for (Document doc : rejoined) {
        writer.addDocument(doc);
      }
    }
  }

  /**
   * Removes the open houses of the listing {@code mlsId}, which the run removes.
   *
   * @throws IOException from the index
   */
  void deleted(long mlsId, IndexWriter writer) throws IOException {
    ScoreDoc[] openHouses = openHousesOf(mlsId);
    if (openHouses.length > 0) {
      writer.deleteDocuments(OpenHouseQueries.ofListing(mlsId));
      for (ScoreDoc openHouse : openHouses) {
        removed.add(key(openHouse.doc));
      }
    }
  }

  /**
   * The openHouseKeys written again with a new version of their listing, less those in {@code
   * writtenByTheRun} (the open house dump's, which replaced them).
   */
  long rewrittenBesides(Set<Long> writtenByTheRun) {
    return rewritten.stream().filter(k -> !writtenByTheRun.contains(k)).count();
  }

  /**
   * The openHouseKeys removed with their listing, less those in {@code writtenByTheRun} (moved to
   * another listing by the open house dump).
   */
  long removedBesides(Set<Long> writtenByTheRun) {
    return removed.stream().filter(k -> !writtenByTheRun.contains(k)).count();
  }

  private long key(int doc) throws IOException {
    return OpenHouseFields.OPEN_HOUSE_KEY.valueOf(searcher.getIndexReader(), doc).orElseThrow();
  }

  private ScoreDoc[] openHousesOf(long mlsId) throws IOException {
    if (searcher == null) {
      return new ScoreDoc[0];
    }
    Query query = OpenHouseQueries.ofListing(mlsId);
    int count = searcher.count(query);
    return count == 0 ? new ScoreDoc[0] : searcher.search(query, count).scoreDocs;
  }
}
