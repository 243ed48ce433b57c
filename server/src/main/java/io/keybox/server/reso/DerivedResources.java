package io.keybox.server.reso;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.schema.reso.ResoDerivedResource;
import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoType;
import io.keybox.schema.reso.ResoValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The Office and Lookup records of a snapshot of a vendor's index, each as a small in-memory index
 * (so the view filters, orders and pages them as it does the rest), built on the first read of the
 * snapshot and kept while its reader lives.
 *
 * <p>Both come from the records the view serves (listings and open houses the default IDX rule
 * shows, agents, photos): an office is every MLS id a listing ({@code office}, {@code
 * sales.office}, its agents) or an agent names, with the name, e-mail and phone of the latest
 * listing that gives them; a lookup value is every value a served record holds in a string lookup
 * field, with the earliest {@code ModificationTimestamp} of the listings holding it (the listing of
 * an open house; {@link #UNDATED} for a value only agents or photos hold): stable across rebuilds
 * of the same data, never the build time.
 */
final class DerivedResources {
  /** The ModificationTimestamp of a lookup value no listing dates. */
  static final Instant UNDATED = Instant.EPOCH;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A snapshot's derived indexes. */
  record Derived(IndexSearcher offices, IndexSearcher lookups) {
    IndexSearcher of(ResoDerivedResource resource) {
      return resource == ResoDerivedResource.OFFICE ? offices : lookups;
    }
  }

  private final Map<IndexReader.CacheKey, Derived> bySnapshot =
      Collections.synchronizedMap(new WeakHashMap<>());

  /** The derived indexes of the snapshot {@code index} searches, built once per reader. */
  Derived of(IndexSearcher index) {
    IndexReader.CacheHelper helper = index.getIndexReader().getReaderCacheHelper();
    if (helper == null) {
      return build(index);
    }
    synchronized (bySnapshot) {
      return bySnapshot.computeIfAbsent(helper.getKey(), key -> build(index));
    }
  }

  private static Derived build(IndexSearcher index) {
    Offices offices = new Offices();
    Lookups lookups = new Lookups();
    try {
      for (ResoEntity entity : ResoEntity.ALL) {
        if (entity.records().derived().isPresent()) {
          continue;
        }
        StoredFields stored = index.storedFields();
        int documents = Math.max(1, index.count(entity.records().all()));
        for (ScoreDoc hit : index.search(entity.records().all(), documents).scoreDocs) {
          JsonNode document = entity.records().load(stored, hit.doc);
          // Media URLs are no lookup: any naming of mirrored photos does.
          for (JsonNode record : entity.records().records(document, PhotoUrls.REFS)) {
            offices.add(entity, record);
            lookups.add(entity, record);
          }
        }
      }
      return new Derived(
          searcher(ResoDerivedResource.OFFICE, offices.records()),
          searcher(ResoDerivedResource.LOOKUP, lookups.records()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static IndexSearcher searcher(
      ResoDerivedResource resource, Collection<ObjectNode> records) throws IOException {
    ByteBuffersDirectory directory = new ByteBuffersDirectory();
    try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
      for (ObjectNode record : records) {
        writer.addDocument(resource.document(record, JSON.writeValueAsBytes(record)));
      }
    }
    return new IndexSearcher(DirectoryReader.open(directory));
  }

  /** When a record was last modified (an open house: its listing), if it says. */
  private static Instant modified(JsonNode record) {
    String text =
        record.path("modified").asText(record.path("listing").path("modified").asText(null));
    try {
      return text == null ? null : Instant.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The offices met so far, by MLS id ignoring case (the first spelling met is kept). */
  private static final class Offices {
    private final Map<String, ObjectNode> byKey = new TreeMap<>();
    private final Map<String, Instant> datedBy = new TreeMap<>();

    void add(ResoEntity entity, JsonNode record) {
      if (entity == ResoEntity.PROPERTY) {
        office(record.path("office"), modified(record));
        office(record.path("sales").path("office"), modified(record));
        named(record.path("agent").path("officeMlsId").asText(null));
        named(record.path("coAgent").path("officeMlsId").asText(null));
        named(record.path("sales").path("agent").path("officeMlsId").asText(null));
      } else if (entity == ResoEntity.MEMBER) {
        named(record.path("officeMlsId").asText(null));
      }
    }

    /** An office block of a listing: its id, and its details when the listing is the latest. */
    private void office(JsonNode office, Instant modified) {
      ObjectNode known = named(office.path("brokerid").asText(null));
      if (known == null) {
        return;
      }
      String key = KeywordField.normalize(known.path("officeKey").asText());
      Instant dated = datedBy.get(key);
      if (dated != null && modified != null && !modified.isAfter(dated)) {
        return; // a later listing gave the details already
      }
      if (dated != null && modified == null) {
        return;
      }
      datedBy.put(key, modified == null ? UNDATED : modified);
      known.put("name", office.path("name").asText(null));
      known.put("email", office.path("contact").path("email").asText(null));
      known.put("phone", office.path("contact").path("office").asText(null));
    }

    /** The office of MLS id {@code id}, met now if not before; null for no id. */
    private ObjectNode named(String id) {
      if (id == null || id.isBlank()) {
        return null;
      }
      return byKey.computeIfAbsent(
          KeywordField.normalize(id), k -> JSON.createObjectNode().put("officeKey", id.strip()));
    }

    Collection<ObjectNode> records() {
      return byKey.values();
    }
  }

  /**
   * The lookup values met so far, by lookup and value ignoring case (one spelling served), with
   * their dates.
   */
  private static final class Lookups {
    private final Map<String, ObjectNode> byKey = new TreeMap<>();

    void add(ResoEntity entity, JsonNode record) {
      Instant modified = modified(record);
      for (ResoField field : entity.fields().values()) {
        if (field.type() != ResoType.LOOKUP && field.type() != ResoType.LOOKUP_MULTI) {
          continue;
        }
        for (String value : ResoValues.texts(field, record)) {
          value(field.reso(), value, modified);
        }
      }
    }

    private void value(String name, String value, Instant modified) {
      String key = name + ":" + value;
      ObjectNode known =
          byKey.computeIfAbsent(
              KeywordField.normalize(key),
              k -> {
                ObjectNode row =
                    JSON.createObjectNode()
                        .put("lookupKey", key)
                        .put("name", name)
                        .put("value", value)
                        .put("modified", UNDATED.toString());
                // Keybox knows these two lookups' values are the Data Dictionary's own.
                if (name.equals("StandardStatus") || name.equals("PropertyType")) {
                  row.put("standard", value);
                }
                return row;
              });
      if (value.compareTo(known.path("value").asText()) < 0) {
        // Spellings that differ in case are one value: the first in code-point order is served,
        // whatever order the documents come in.
        known.put("lookupKey", key).put("value", value);
        if (known.has("standard")) {
          known.put("standard", value);
        }
      }
      Instant dated = Instant.parse(known.path("modified").asText());
      if (modified != null && (dated.equals(UNDATED) || modified.isBefore(dated))) {
        known.put("modified", modified.toString());
      }
    }

    Collection<ObjectNode> records() {
      return byKey.values();
    }
  }
}
