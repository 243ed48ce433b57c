package io.keybox.server.reso;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.reso.ResoValues;
import java.util.List;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * A navigation property of the RESO view: from a listing to its photos ({@code Media}), its open
 * houses ({@code OpenHouse}), its listing agent ({@code ListAgent}, a Member) and office ({@code
 * ListOffice}), for {@code $expand} and for paths such as {@code Property('101')/Media}. Each says
 * which documents of its target hold the records a source record leads to.
 */
enum ResoNavigation {
  /** A listing's photos: its own document's Media records. */
  MEDIA("Media", "Media", true) {
    @Override
    Query targets(JsonNode listing) {
      return ResoRecords.LISTINGS.byKey(ResoRecords.LISTINGS.keyOf(listing));
    }
  },

  /** A listing's open houses: those whose ListingKey is the listing's. */
  OPEN_HOUSE("OpenHouse", "OpenHouse", true) {
    @Override
    Query targets(JsonNode listing) {
      long mlsId = listing.path("mlsId").asLong();
      return ListingFields.MLS_ID.exact(mlsId);
    }
  },

  /** A listing's agent: the Member whose MemberKey is the listing's ListAgentMlsId. */
  LIST_AGENT("ListAgent", "Member", false) {
    @Override
    Query targets(JsonNode listing) {
      JsonNode id = ResoValues.at(listing, "agent.id");
      return id == null || id.isNull() || !id.isValueNode() || id.asText().isBlank()
          ? new MatchNoDocsQuery()
          : ResoRecords.MEMBERS.byKey(id.asText());
    }
  },

  /**
   * A listing's office: the Office whose OfficeKey is the listing's ListOfficeMlsId as served, else
   * its office block's id.
   */
  LIST_OFFICE("ListOffice", "Office", false) {
    @Override
    Query targets(JsonNode listing) {
      List<String> id =
          ResoEntity.PROPERTY
              .field("ListOfficeMlsId")
              .map(field -> ResoValues.texts(field, listing))
              .orElse(List.of());
      JsonNode block = ResoValues.at(listing, "office.brokerid");
      if (id.isEmpty() && block != null && block.isTextual() && !block.textValue().isBlank()) {
        id = List.of(block.textValue());
      }
      return id.isEmpty() ? new MatchNoDocsQuery() : ResoRecords.OFFICES.byKey(id.get(0));
    }
  };

  private final String propertyName;
  private final String targetName;
  private final boolean collection;

  ResoNavigation(String propertyName, String targetName, boolean collection) {
    this.propertyName = propertyName;
    this.targetName = targetName;
    this.collection = collection;
  }

  /** The navigation property's name in {@code $metadata}. */
  String propertyName() {
    return propertyName;
  }

  /** The entity set it leads to. */
  ResoEntity target() {
    return ResoEntity.named(targetName).orElseThrow();
  }

  /** Whether it leads to many records (else to one or none). */
  boolean collection() {
    return collection;
  }

  /**
   * The documents of the target holding the records {@code listing} leads to (the caller keeps only
   * those the target's records are: {@link ResoRecords#all()}).
   */
  abstract Query targets(JsonNode listing);
}
