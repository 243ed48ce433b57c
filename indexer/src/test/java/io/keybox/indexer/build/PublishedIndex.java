package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.CommitData;
import io.keybox.schema.agent.AgentDocuments;
import io.keybox.schema.agent.AgentFields;
import io.keybox.schema.agent.AgentQueries;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingSort;
import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.openhouse.OpenHouseSort;
import io.keybox.schema.openhouse.OpenHouseSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.store.FSDirectory;

/**
 * What a vendor's current commit serves, read back for a build test's assertions: the records as
 * the server would send them (through the schema's stored sources), in the index's own order.
 */
public final class PublishedIndex {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** More than any test index holds: every hit is read. */
  private static final int ALL = 10_000;

  private PublishedIndex() {}

  /** What a test reads off a reader of the current commit. */
  @FunctionalInterface
  public interface Read<T> {
    T from(DirectoryReader reader) throws IOException;
  }

  /** Opens the vendor's current commit, reads it with {@code read} and closes it again. */
  public static <T> T read(VendorLayout layout, Read<T> read) throws IOException {
    try (var directory = FSDirectory.open(layout.indexDir());
        DirectoryReader reader = DirectoryReader.open(directory)) {
      return read.from(reader);
    }
  }

  /** What the current commit records about the run that made it. */
  public static CommitData commitData(VendorLayout layout) throws IOException {
    return read(
        layout,
        reader -> CommitData.fromUserData(reader.getIndexCommit().getUserData()).orElseThrow());
  }

  /** How many documents of the current commit match {@code query}. */
  public static int count(VendorLayout layout, Query query) throws IOException {
    return read(layout, reader -> new IndexSearcher(reader).count(query));
  }

  /** The served JSON of every listing, in mlsId order; with its rooms when {@code withRooms}. */
  public static List<JsonNode> listings(VendorLayout layout, boolean withRooms) throws IOException {
    return search(
        layout,
        ListingQueries.allListings(),
        ListingSort.BY_MLS_ID,
        (fields, doc) ->
            ListingSource.load(fields, doc, withRooms, false).toBytes(withRooms, false));
  }

  /** The served JSON of the open houses that match {@code query}, in openHouseKey order. */
  public static List<JsonNode> openHouses(VendorLayout layout, Query query) throws IOException {
    return search(
        layout,
        query,
        OpenHouseSort.BY_KEY,
        (fields, doc) -> OpenHouseSource.load(fields, doc, false, false).toBytes(false, false));
  }

  /** The served JSON of every agent, in name order. */
  public static List<JsonNode> agents(VendorLayout layout) throws IOException {
    return search(layout, AgentQueries.allAgents(), AgentFields.BY_NAME, AgentDocuments::load);
  }

  /** How a record kind's served JSON is loaded from its stored fields. */
  @FunctionalInterface
  private interface StoredJson {
    byte[] load(StoredFields fields, int doc) throws IOException;
  }

  private static List<JsonNode> search(
      VendorLayout layout, Query query, Sort sort, StoredJson source) throws IOException {
    return read(
        layout,
        reader -> {
          IndexSearcher searcher = new IndexSearcher(reader);
          List<JsonNode> out = new ArrayList<>();
          for (ScoreDoc hit : searcher.search(query, ALL, sort).scoreDocs) {
            out.add(JSON.readTree(source.load(searcher.storedFields(), hit.doc)));
          }
          return out;
        });
  }

  /**
   * {@code records} by the text of their top-level {@code member}, in the member's order; a later
   * record with the same value replaces an earlier one.
   */
  public static Map<String, JsonNode> byMember(List<JsonNode> records, String member) {
    Map<String, JsonNode> out = new TreeMap<>();
    for (JsonNode record : records) {
      out.put(record.get(member).asText(), record);
    }
    return out;
  }
}
