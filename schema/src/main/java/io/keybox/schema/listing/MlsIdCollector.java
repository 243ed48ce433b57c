package io.keybox.schema.listing;

import java.io.IOException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;

/**
 * Hands each listing a search matches to a consumer: its mlsId (read from its doc values) and its
 * document in the searched reader. Documents without an mlsId (open houses, agents) are passed
 * over.
 */
public final class MlsIdCollector extends SimpleCollector {
  /** What is told of each listing. */
  @FunctionalInterface
  public interface Each {
    void listing(long mlsId, int doc);
  }

  private final Each each;
  private SortedNumericDocValues mlsIds;
  private int base;

  /** A collector telling {@code each} of every listing. */
  public MlsIdCollector(Each each) {
    this.each = each;
  }

  @Override
  protected void doSetNextReader(LeafReaderContext context) throws IOException {
    mlsIds = DocValues.getSortedNumeric(context.reader(), ListingFields.MLS_ID.name());
    base = context.docBase;
  }

  @Override
  public void collect(int doc) throws IOException {
    if (mlsIds.advanceExact(doc)) {
      each.listing(mlsIds.nextValue(), base + doc);
    }
  }

  @Override
  public ScoreMode scoreMode() {
    return ScoreMode.COMPLETE_NO_SCORES;
  }
}
