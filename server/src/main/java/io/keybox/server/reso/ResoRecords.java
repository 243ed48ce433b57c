package io.keybox.server.reso;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.agent.AgentDocuments;
import io.keybox.schema.agent.AgentFields;
import io.keybox.schema.agent.AgentQueries;
import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingQueries;
import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.listing.PhotoUrls;
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.schema.openhouse.OpenHouseQueries;
import io.keybox.schema.openhouse.OpenHouseSource;
import io.keybox.schema.reso.ResoDerivedResource;
import io.keybox.schema.reso.ResoMediaFields;
import io.keybox.schema.reso.ResoPropertyRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SortField;

/**
 * The Keybox records behind a RESO resource: which documents they are (listings and open houses
 * pass the default IDX rule, as on the JSON API), how the RESO key finds one and orders them, and
 * the record's stored JSON, which the view maps. A document holds one record, except a listing's,
 * which holds a Media record per photo.
 */
enum ResoRecords {
  /** Listings; the key is the mlsId. */
  LISTINGS {
    @Override
    Query all() {
      return displayable(ListingQueries.allListings());
    }

    @Override
    Query byKey(String key) {
      return number(key) == null ? new MatchNoDocsQuery() : ListingQueries.byMlsId(number(key));
    }

    @Override
    SortField keySort(boolean descending) {
      return ListingFields.MLS_ID.sort(descending);
    }

    @Override
    JsonNode load(StoredFields stored, int doc) throws IOException {
      return MAPPER.readTree(ListingSource.load(stored, doc, false, false).toBytes(false, false));
    }

    @Override
    ResoPropertyRecord.Stored[] rendered(IndexReader reader, int[] docs) throws IOException {
      return ResoPropertyRecord.load(reader, docs);
    }

    @Override
    String keyOf(JsonNode record) {
      return record.path("mlsId").asText();
    }
  },

  /** Open houses; the key is the openHouseKey. */
  OPEN_HOUSES {
    @Override
    Query all() {
      return displayable(OpenHouseQueries.allOpenHouses());
    }

    @Override
    Query byKey(String key) {
      return number(key) == null ? new MatchNoDocsQuery() : OpenHouseQueries.byKey(number(key));
    }

    @Override
    SortField keySort(boolean descending) {
      return OpenHouseFields.OPEN_HOUSE_KEY.sort(descending);
    }

    @Override
    JsonNode load(StoredFields stored, int doc) throws IOException {
      return MAPPER.readTree(OpenHouseSource.load(stored, doc, false, false).toBytes(false, false));
    }

    @Override
    String keyOf(JsonNode record) {
      return record.path("openHouseKey").asText();
    }
  },

  /** Agents; the key is the agent's id (the MLS id listings name agents by). */
  MEMBERS {
    @Override
    Query all() {
      return AgentQueries.allAgents();
    }

    @Override
    Query byKey(String key) {
      return AgentFields.KEY.is(key);
    }

    @Override
    SortField keySort(boolean descending) {
      if (descending) {
        throw new io.keybox.server.error.NotSupportedException(
            "$orderby: MemberKey desc is not supported");
      }
      return AgentFields.ID_KEY.sort();
    }

    @Override
    JsonNode load(StoredFields stored, int doc) throws IOException {
      return MAPPER.readTree(AgentDocuments.load(stored, doc));
    }

    @Override
    String keyOf(JsonNode record) {
      return record.path("id").asText();
    }
  },

  /**
   * The photos of listings, one record per photo (the listing's document holds them all); the key
   * is {@code {ListingKey}-{Order}} ({@link ResoMediaFields#mediaKey}).
   */
  MEDIA {
    @Override
    Query all() {
      return LISTINGS.all();
    }

    /** The listing holding the photo: the reader picks the photo among its records. */
    @Override
    Query byKey(String key) {
      return ResoMediaFields.listingKeyOf(key)
          .map(LISTINGS::byKey)
          .orElseGet(MatchNoDocsQuery::new);
    }

    @Override
    SortField keySort(boolean descending) {
      if (descending) {
        throw new io.keybox.server.error.NotSupportedException(
            "$orderby: MediaKey desc is not supported");
      }
      return LISTINGS.keySort(false);
    }

    @Override
    JsonNode load(StoredFields stored, int doc) throws IOException {
      return LISTINGS.load(stored, doc);
    }

    @Override
    String keyOf(JsonNode record) {
      return record.path(ResoMediaFields.KEY).asText();
    }

    @Override
    boolean manyPerDocument() {
      return true;
    }

    @Override
    List<JsonNode> records(JsonNode listing, PhotoUrls photoUrls) {
      JsonNode photos = listing.path("photos");
      String listingKey = LISTINGS.keyOf(listing);
      List<JsonNode> records = new ArrayList<>(photos.size());
      int order = 0;
      for (JsonNode photo : photos) {
        order++;
        String url =
            PhotoUrls.isRef(photo)
                ? photoUrls.of(photo.textValue().substring(PhotoUrls.REF_PREFIX.length()))
                : photo.asText();
        records.add(
            MAPPER
                .createObjectNode()
                .put(ResoMediaFields.KEY, ResoMediaFields.mediaKey(listingKey, order))
                .put("listingKey", listingKey)
                .put("resourceName", "Property")
                .put("order", order)
                .put("url", url)
                .put("category", "Photo"));
      }
      return records;
    }
  },

  /** Offices, derived from the listings and agents ({@link DerivedResources}). */
  OFFICES {
    @Override
    Optional<ResoDerivedResource> derived() {
      return Optional.of(ResoDerivedResource.OFFICE);
    }
  },

  /** String lookup values, derived from the records ({@link DerivedResources}). */
  LOOKUPS {
    @Override
    Optional<ResoDerivedResource> derived() {
      return Optional.of(ResoDerivedResource.LOOKUP);
    }
  };

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * The derived resource whose small per-snapshot index holds these records, or empty for records
   * of the vendor's index.
   */
  Optional<ResoDerivedResource> derived() {
    return Optional.empty();
  }

  /** Every record of the resource the caller may see. */
  Query all() {
    return new MatchAllDocsQuery(); // a derived index holds only what may be seen
  }

  /** The record whose RESO key is {@code key} (matches none for a key no record can have). */
  Query byKey(String key) {
    return derived().orElseThrow().byKey(key);
  }

  /** The order of the keys: the last sort field of every read, so pages are stable. */
  SortField keySort(boolean descending) {
    if (descending) {
      throw new io.keybox.server.error.NotSupportedException(
          "$orderby: the key descending is not supported here");
    }
    return derived().orElseThrow().sort();
  }

  /** The stored JSON of {@code doc}. */
  JsonNode load(StoredFields stored, int doc) throws IOException {
    return MAPPER.readTree(ResoDerivedResource.load(stored, doc));
  }

  /**
   * The records of {@code docs} as the view writes them without {@code $select} and {@code
   * $expand}, rendered at index time ({@link ResoPropertyRecord}), in the order of {@code docs};
   * null where the index holds none of the current view (an index written before it), and for
   * resources that are not pre-rendered.
   */
  ResoPropertyRecord.Stored[] rendered(IndexReader reader, int[] docs) throws IOException {
    return new ResoPropertyRecord.Stored[docs.length];
  }

  /** The RESO key of {@code record}. */
  String keyOf(JsonNode record) {
    return record.path(derived().orElseThrow().keyMember()).asText();
  }

  /** Whether one document holds several records (a listing's photos): else exactly one. */
  boolean manyPerDocument() {
    return false;
  }

  /**
   * The records {@code document} (as {@link #load} read it) holds, in their order; mirrored photos
   * are named as {@code photoUrls} names them.
   */
  List<JsonNode> records(JsonNode document, PhotoUrls photoUrls) {
    return List.of(document);
  }

  private static Query displayable(Query records) {
    BooleanQuery.Builder shown = new BooleanQuery.Builder().add(records, Occur.FILTER);
    IdxRule.NULL.filter().ifPresent(rule -> shown.add(rule, Occur.FILTER));
    return shown.build();
  }

  /** A whole-number key, or null when {@code key} is none. */
  private static Long number(String key) {
    try {
      return Long.parseLong(key);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
