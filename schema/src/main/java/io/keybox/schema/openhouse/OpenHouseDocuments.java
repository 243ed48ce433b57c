package io.keybox.schema.openhouse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.RecordKind;
import io.keybox.schema.field.SearchField;
import io.keybox.schema.listing.ListingFields;
import io.keybox.schema.listing.ListingRecord;
import java.io.IOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.StoredFields;

/**
 * Builds the Lucene document of an open house: its kind, its own fields ({@link
 * OpenHouseFields#ALL}), every listing field of its listing ({@link ListingFields#ALL}), and its
 * rendered response JSON with the listing embedded ({@link OpenHouseSource}). The only place open
 * house documents are made. It carries no listing facets, so analytics and OPTIONS count listings
 * only.
 */
public final class OpenHouseDocuments {
  private final ObjectMapper mapper;

  public OpenHouseDocuments(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  /**
   * The document of {@code openHouse}, which must carry its key, joined with {@code listing}, which
   * must carry its mlsId.
   *
   * @throws IllegalArgumentException when the key or the mlsId is missing
   */
  public Document toDocument(OpenHouseRecord openHouse, ListingRecord listing) {
    if (openHouse.openHouseKey().isEmpty()) {
      throw new IllegalArgumentException(
          "open house " + openHouse.openHouseId() + " has no openHouseKey");
    }
    if (listing.mlsId().isEmpty()) {
      throw new IllegalArgumentException("listing " + listing.listingId() + " has no mlsId");
    }
    Document doc = new Document();
    RecordKind.OPEN_HOUSE.addTo(doc);
    for (SearchField field : OpenHouseFields.ALL) {
      field.addTo(doc, openHouse.tree());
    }
    for (SearchField field : ListingFields.ALL) {
      field.addTo(doc, listing.tree());
    }
    OpenHouseSource.addTo(doc, openHouse.tree(), listing.tree(), mapper);
    return doc;
  }

  /**
   * The document of the open house stored in {@code docId}, joined now with {@code listing}, a new
   * version of its listing (same mlsId): its own members and key as they were stored, every listing
   * field and the embedded listing JSON from {@code listing}.
   *
   * @throws IOException from the index
   * @throws IllegalArgumentException when {@code listing} has no mlsId
   */
  public Document rejoin(StoredFields storedFields, int docId, ListingRecord listing)
      throws IOException {
    long mlsId =
        listing
            .mlsId()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "listing " + listing.listingId() + " has no mlsId"));
    ObjectNode own = OpenHouseSource.ownMembers(storedFields, docId, mapper);
    return toDocument(OpenHouseRecord.stored(own, mlsId), listing);
  }
}
