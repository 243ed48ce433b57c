package io.keybox.server.search.exec;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.codecs.StoredFieldsReader;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.StoredFields;

/**
 * The stored fields to load one page of hits through. Lucene's stored fields are made for random
 * access: each document read decompresses its block's preset dictionary and the sub-blocks that
 * hold the document, several times the document's own size for 5 KB listings. Where a page reads
 * many documents lying close together in one segment (a {@code lastId} page of 500 listings, which
 * come in mlsId order as the index does), it reads that segment's through the codec's merge
 * instance instead, which decompresses each block once and serves the block's documents from
 * memory. Elasticsearch's fetch phase does the same for runs of adjacent documents.
 *
 * <p>A page of scattered hits reads as {@link IndexReader#storedFields()} does. Use one instance
 * for one page, on one thread.
 */
public final class PageStoredFields extends StoredFields {
  /** Fewest documents of a page in one segment worth a sequential read. */
  static final int MIN_DOCS = 8;

  /**
   * Widest doc id range, per document read, for a sequential read: it decompresses every block in
   * the range, so the documents must fill a good part of it.
   */
  static final int MAX_SPREAD = 3;

  private final List<LeafReaderContext> leaves;
  private final StoredFields[] sequential;
  private final StoredFields random;

  private PageStoredFields(
      List<LeafReaderContext> leaves, StoredFields[] sequential, StoredFields random) {
    this.leaves = leaves;
    this.sequential = sequential;
    this.random = random;
  }

  /**
   * The stored fields for loading {@code docs} (top-level doc ids of {@code reader}, in any order).
   *
   * @throws IOException from the index
   */
  public static StoredFields of(IndexReader reader, int[] docs) throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    StoredFields[] sequential = new StoredFields[leaves.size()];
    boolean any = false;
    if (docs.length >= MIN_DOCS) {
      int[] sorted = docs.clone();
      Arrays.sort(sorted);
      for (int from = 0; from < sorted.length; ) {
        int leaf = ReaderUtil.subIndex(sorted[from], leaves);
        LeafReaderContext context = leaves.get(leaf);
        int end = context.docBase + context.reader().maxDoc();
        int to = from;
        while (to < sorted.length && sorted[to] < end) {
          to++;
        }
        int count = to - from;
        long span = (long) sorted[to - 1] - sorted[from] + 1;
        if (count >= MIN_DOCS
            && span <= (long) MAX_SPREAD * count
            && context.reader() instanceof CodecReader codec) {
          StoredFieldsReader shared = codec.getFieldsReader();
          StoredFieldsReader merging = shared.getMergeInstance();
          // A format without a merge instance of its own returns the segment's shared reader,
          // which is not for concurrent use: such a segment reads as usual.
          if (merging != shared) {
            sequential[leaf] = merging;
            any = true;
          }
        }
        from = to;
      }
    }
    StoredFields random = reader.storedFields();
    return any ? new PageStoredFields(leaves, sequential, random) : random;
  }

  @Override
  public void document(int docID, StoredFieldVisitor visitor) throws IOException {
    int leaf = ReaderUtil.subIndex(docID, leaves);
    StoredFields fields = sequential[leaf];
    if (fields == null) {
      random.document(docID, visitor);
    } else {
      fields.document(docID - leaves.get(leaf).docBase, visitor);
    }
  }
}
