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
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.schema.openhouse.OpenHouseQueries;
import io.keybox.schema.openhouse.OpenHouseSource;
import java.io.IOException;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SortField;

/**
 * The Keybox records behind a RESO resource: which documents they are (listings and open houses
 * pass the default IDX rule, as on the JSON API), how the RESO key finds one and orders them, and
 * the record's stored JSON, which the view maps.
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
  };

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Every record of the resource the caller may see. */
  abstract Query all();

  /** The record whose RESO key is {@code key} (matches none for a key no record can have). */
  abstract Query byKey(String key);

  /** The order of the keys: the last sort field of every read, so pages are stable. */
  abstract SortField keySort(boolean descending);

  /** The stored JSON of {@code doc}. */
  abstract JsonNode load(StoredFields stored, int doc) throws IOException;

  /** The RESO key of {@code record}. */
  abstract String keyOf(JsonNode record);

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
