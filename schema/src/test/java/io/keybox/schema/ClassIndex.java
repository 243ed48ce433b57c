package io.keybox.schema;

import io.keybox.schema.listing.ListingDocuments;
import java.util.function.Supplier;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An index in memory, written once before a test class's tests and closed after them:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final ClassIndex index = new ClassIndex(IndexWriterConfig::new, FooTest::addRecords);
 * }</pre>
 *
 * <p>The tests read it through {@link #searcher()}.
 */
public final class ClassIndex implements BeforeAllCallback, AfterAllCallback {
  /** Writes a test class's documents; the writer is closed (committed) after it returns. */
  @FunctionalInterface
  public interface Writes {
    void into(IndexWriter writer) throws Exception;
  }

  private final Supplier<IndexWriterConfig> config;
  private final Writes writes;
  private Directory directory;
  private IndexSearcher searcher;

  /** An index written by {@code writes} with a writer configured by {@code config}. */
  public ClassIndex(Supplier<IndexWriterConfig> config, Writes writes) {
    this.config = config;
    this.writes = writes;
  }

  /** An index sorted by mlsId as the indexer sorts a vendor's index, written by {@code writes}. */
  public static ClassIndex sortedAsVendorIndexes(Writes writes) {
    return new ClassIndex(
        () -> new IndexWriterConfig().setIndexSort(ListingDocuments.INDEX_SORT), writes);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    directory = new ByteBuffersDirectory();
    try (IndexWriter writer = new IndexWriter(directory, config.get())) {
      writes.into(writer);
    }
    searcher = new IndexSearcher(DirectoryReader.open(directory));
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    try {
      searcher.getIndexReader().close();
    } finally {
      directory.close();
    }
  }

  /** The documents that match every one of {@code queries}, unscored. */
  public static Query allOf(Query... queries) {
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    for (Query query : queries) {
      all.add(query, Occur.FILTER);
    }
    return all.build();
  }

  /** The index's directory (to copy it into another index). */
  public Directory directory() {
    return directory;
  }

  /** A searcher over the whole index; its reader is {@code searcher().getIndexReader()}. */
  public IndexSearcher searcher() {
    return searcher;
  }
}
