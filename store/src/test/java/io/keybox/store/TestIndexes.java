package io.keybox.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/** Small real Lucene indexes for the tests: one flushed compound segment per commit, no merges. */
final class TestIndexes {
  private TestIndexes() {}

  /**
   * Adds documents {@code from..to-1} to {@code vendorDir/index} (a new index when {@code create})
   * and commits with user data {@code label}; writes {@code ids.tsv} with {@code label}.
   */
  static void commit(Path vendorDir, boolean create, int from, int to, String label)
      throws IOException {
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setOpenMode(
                create ? IndexWriterConfig.OpenMode.CREATE : IndexWriterConfig.OpenMode.APPEND)
            .setMergePolicy(NoMergePolicy.INSTANCE)
            .setUseCompoundFile(true);
    try (Directory dir = FSDirectory.open(vendorDir.resolve("index"));
        IndexWriter writer = new IndexWriter(dir, config)) {
      for (int id = from; id < to; id++) {
        Document doc = new Document();
        doc.add(new StringField("id", Integer.toString(id), Field.Store.YES));
        doc.add(new StoredField("label", label));
        writer.addDocument(doc);
      }
      writer.setLiveCommitData(Map.of("label", label).entrySet());
      writer.commit();
    }
    Files.writeString(vendorDir.resolve("ids.tsv"), "ids of " + label + "\n");
  }

  /** The ids of every document of the latest commit in {@code vendorDir/index}, in order. */
  static List<String> ids(Path vendorDir) throws IOException {
    try (Directory dir = FSDirectory.open(vendorDir.resolve("index"));
        DirectoryReader reader = DirectoryReader.open(dir)) {
      List<String> ids = new ArrayList<>();
      StoredFields stored = reader.storedFields();
      for (int doc = 0; doc < reader.maxDoc(); doc++) {
        ids.add(stored.document(doc).get("id"));
      }
      return ids;
    }
  }

  /** The user data of the latest commit in {@code vendorDir/index}. */
  static Map<String, String> userData(Path vendorDir) throws IOException {
    try (Directory dir = FSDirectory.open(vendorDir.resolve("index"));
        DirectoryReader reader = DirectoryReader.open(dir)) {
      return reader.getIndexCommit().getUserData();
    }
  }

  /** The names in {@code vendorDir/index}, sorted. */
  static List<String> files(Path vendorDir) throws IOException {
    try (var files = Files.list(vendorDir.resolve("index"))) {
      return files.map(file -> file.getFileName().toString()).sorted().toList();
    }
  }

  /** The ids {@code from..to-1} as strings. */
  static List<String> range(int from, int to) {
    List<String> ids = new ArrayList<>();
    for (int id = from; id < to; id++) {
      ids.add(Integer.toString(id));
    }
    return ids;
  }
}
