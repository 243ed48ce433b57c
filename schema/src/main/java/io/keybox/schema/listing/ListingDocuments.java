package io.keybox.schema.listing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.RecordKind;
import io.keybox.schema.field.SearchField;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Sort;

/**
 * Builds the Lucene document of a listing: its kind, its key ({@link ListingFields#LISTING_KEY}),
 * every field of {@link ListingFields#ALL}, its facet labels ({@link ListingFacets}), its rendered
 * response JSON ({@link ListingSource}) and the {@link ListingRendering}s it is given (an index's:
 * the RESO Property record). The only place listing documents are made.
 */
public final class ListingDocuments {
  /** Listings are kept in mlsId order, so a {@code lastId} cursor page can stop early. */
  public static final Sort INDEX_SORT = new Sort(ListingFields.MLS_ID.sort(false));

  private static final ObjectMapper SERVED_READER = new ObjectMapper();

  private final ObjectMapper mapper;
  private final List<ListingRendering> renderings;
  private final ListingFacets facets = new ListingFacets();

  /** Documents with the response JSON and no other rendering: to be searched, not served. */
  public ListingDocuments(ObjectMapper mapper) {
    this(mapper, List.of());
  }

  /** Documents with the response JSON and {@code renderings}, in order. */
  public ListingDocuments(ObjectMapper mapper, List<ListingRendering> renderings) {
    this.mapper = mapper;
    this.renderings = List.copyOf(renderings);
  }

  /**
   * The document of {@code listing}, which must carry its mlsId.
   *
   * @throws IllegalArgumentException when the listing has no mlsId
   */
  public Document toDocument(ListingRecord listing) {
    Document doc = searchFields(listing);
    ListingSource source = ListingSource.render(listing.tree(), mapper);
    source.addTo(doc);
    if (!renderings.isEmpty()) {
      JsonNode served = served(source);
      for (ListingRendering rendering : renderings) {
        rendering.addTo(doc, served);
      }
    }
    return facets.build(doc, listing.tree());
  }

  /**
   * The document of {@code listing} as every query sees it, without what only a response reads (the
   * rendered JSON, the renderings): for an index that is searched and never served, such as an
   * alert's small index of a commit's changed listings.
   *
   * @throws IllegalArgumentException when the listing has no mlsId
   */
  public Document toSearchDocument(ListingRecord listing) {
    return facets.build(searchFields(listing), listing.tree());
  }

  /** Its kind, its key and every field of {@link ListingFields#ALL}. */
  private static Document searchFields(ListingRecord listing) {
    if (listing.mlsId().isEmpty()) {
      throw new IllegalArgumentException("listing " + listing.listingId() + " has no mlsId");
    }
    Document doc = new Document();
    RecordKind.LISTING.addTo(doc);
    ListingFields.LISTING_KEY.addTo(doc, listing.mlsId().getAsLong());
    for (SearchField field : ListingFields.ALL) {
      field.addTo(doc, listing.tree());
    }
    return doc;
  }

  /**
   * The listing JSON as the server reads it back from {@code source}, for the renderings: without
   * rooms and compliance, mirrored photos by reference, read by a default mapper (so a decimal is
   * the double the view reads, whatever {@link #mapper} is configured to).
   */
  private static JsonNode served(ListingSource source) {
    try {
      return SERVED_READER.readTree(source.toBytes(false, false));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The term of the listing document whose mlsId is {@code mlsId}, on that document only: what
   * {@code IndexWriter.updateDocument} and {@code deleteDocuments} replace or remove it by.
   */
  public static Term key(long mlsId) {
    return ListingFields.LISTING_KEY.term(mlsId);
  }

  /**
   * The listing stored in {@code docId}, read back from its stored JSON (rooms and compliance
   * included): the record its document was made from, to join an open house with a listing already
   * in the index.
   *
   * @throws IOException from the index
   * @throws InvalidRecordException when the stored JSON is no valid listing (an index of another
   *     schema)
   */
  public ListingRecord stored(StoredFields storedFields, int docId)
      throws IOException, InvalidRecordException {
    byte[] json = ListingSource.load(storedFields, docId, true, true).toBytes(true, true);
    return ListingRecord.parse(mapper.readTree(json));
  }
}
