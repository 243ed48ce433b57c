package io.keybox.indexer.build;

import io.keybox.schema.CommitChanges;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.MlsIdCollector;
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.schema.openhouse.OpenHouseQueries;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.LongStream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/**
 * The listings a run changed relative to the commit it started from ({@link CommitChanges}), for
 * the commit's user data: what the server's alerts look at. An incremental run names the listings
 * it wrote or removed, and those whose open houses it wrote. A full run diffs against the starting
 * commit: a listing is changed when it is new, gone, its stored document differs, or its open
 * houses do; a rebuild of the same dump names none. A vendor's first commit records nothing: there
 * is nothing it changed.
 */
final class ChangedListings {
  private ChangedListings() {}

  /**
   * The changes of the run; call after the run's documents are all written and flushed from the
   * writing threads, before the commit.
   *
   * @throws IOException from the index
   */
  static Optional<CommitChanges> of(
      StartingCommit start,
      RunMode mode,
      ListingPipeline.Counts counts,
      Set<Long> listingsWithOpenHouses,
      IndexWriter writer)
      throws IOException {
    Optional<IndexSearcher> searcher = start.searcher();
    if (searcher.isEmpty()) {
      return Optional.empty();
    }
    long[] ids;
    if (mode == RunMode.FULL) {
      ids =
          LongStream.concat(
                  LongStream.of(leftOut(searcher.get(), counts.written())),
                  LongStream.of(differing(searcher.get(), start.schemaVersion(), writer)))
              .toArray();
    } else {
      ids =
          LongStream.concat(
                  LongStream.concat(
                      LongStream.of(counts.written()), LongStream.of(counts.removed())),
                  LongStream.concat(
                      LongStream.of(counts.moved()),
                      listingsWithOpenHouses.stream().mapToLong(Long::longValue)))
              .toArray();
    }
    return Optional.of(new CommitChanges(start.generation(), ids));
  }

  /** The mlsIds of the starting commit's listings that {@code written} lacks. */
  private static long[] leftOut(IndexSearcher searcher, long[] written) throws IOException {
    LongStream.Builder ids = LongStream.builder();
    forEachMlsId(searcher, ListingQueries.mlsIdNotIn(written), (mlsId, doc) -> ids.add(mlsId));
    return ids.build().toArray();
  }

  /**
   * The mlsIds of the listings the writer holds now that are new, or whose stored document or open
   * houses differ from the starting commit's.
   */
  private static long[] differing(IndexSearcher before, int beforeSchema, IndexWriter writer)
      throws IOException {
    try (DirectoryReader now = DirectoryReader.open(writer)) {
      IndexSearcher after = new IndexSearcher(now);
      Map<Long, Set<Long>> openHousesBefore = openHouses(before);
      Map<Long, Set<Long>> openHousesAfter = openHouses(after);
      StoredFields storedBefore = before.storedFields();
      StoredFields storedAfter = after.storedFields();
      LongStream.Builder ids = LongStream.builder();
      IOException[] failure = new IOException[1];
      forEachMlsId(
          after,
          ListingQueries.allListings(),
          (mlsId, doc) -> {
            try {
              ScoreDoc[] was =
                  before.search(ListingQueries.byMlsId(mlsId, beforeSchema), 1).scoreDocs;
              if (was.length == 0
                  || !Arrays.equals(digest(storedBefore, was[0].doc), digest(storedAfter, doc))
                  || !openHousesBefore
                      .getOrDefault(mlsId, Set.of())
                      .equals(openHousesAfter.getOrDefault(mlsId, Set.of()))) {
                ids.add(mlsId);
              }
            } catch (IOException e) {
              failure[0] = e;
            }
          });
      if (failure[0] != null) {
        throw failure[0];
      }
      return ids.build().toArray();
    }
  }

  /** Each listing's open house keys. */
  private static Map<Long, Set<Long>> openHouses(IndexSearcher searcher) throws IOException {
    Map<Long, Set<Long>> keys = new HashMap<>();
    IndexReader reader = searcher.getIndexReader();
    forEachMlsId(
        searcher,
        OpenHouseQueries.allOpenHouses(),
        (mlsId, doc) -> {
          try {
            OpenHouseFields.OPEN_HOUSE_KEY
                .valueOf(reader, doc)
                .ifPresent(key -> keys.computeIfAbsent(mlsId, k -> new HashSet<>()).add(key));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    return keys;
  }

  /** A digest of every stored field of {@code doc}: equal digests, equal documents. */
  private static byte[] digest(StoredFields stored, int doc) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
    stored.document(
        doc,
        new StoredFieldVisitor() {
          @Override
          public Status needsField(FieldInfo fieldInfo) {
            digest.update(fieldInfo.name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return Status.YES;
          }

          @Override
          public void binaryField(FieldInfo fieldInfo, byte[] value) {
            digest.update(value);
          }

          @Override
          public void stringField(FieldInfo fieldInfo, String value) {
            digest.update(value.getBytes(java.nio.charset.StandardCharsets.UTF_8));
          }

          @Override
          public void intField(FieldInfo fieldInfo, int value) {
            digest.update(
                Integer.toString(value).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          }

          @Override
          public void longField(FieldInfo fieldInfo, long value) {
            digest.update(Long.toString(value).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          }

          @Override
          public void doubleField(FieldInfo fieldInfo, double value) {
            digest.update(Double.toString(value).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          }

          @Override
          public void floatField(FieldInfo fieldInfo, float value) {
            digest.update(Float.toString(value).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          }
        });
    return digest.digest();
  }

  /**
   * Calls {@code hit} with the mlsId and top-level document of every listing {@code query} matches.
   */
  private static void forEachMlsId(IndexSearcher searcher, Query query, MlsIdCollector.Each hit)
      throws IOException {
    searcher.search(query, new MlsIdCollector(hit));
  }
}
