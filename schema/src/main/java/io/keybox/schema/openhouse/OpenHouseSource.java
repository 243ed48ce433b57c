package io.keybox.schema.openhouse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.ListingSource;
import io.keybox.schema.listing.PhotoUrls;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.StoredFields;

/**
 * The response JSON of one open house, rendered once at index time: its own members as stored
 * bytes, followed by its listing, which is stored as a {@link ListingSource} in the same document
 * so {@code include=rooms} works exactly as on /properties.
 */
public final class OpenHouseSource {
  private static final String HEAD = "_openHouse";
  private static final byte[] LISTING_KEY = ",\"listing\":".getBytes(StandardCharsets.UTF_8);

  private final byte[] head;
  private final ListingSource listing;

  private OpenHouseSource(byte[] head, ListingSource listing) {
    this.head = head;
    this.listing = listing;
  }

  /**
   * Stores the rendering of {@code openHouse} (its canonical own members, key included) and of
   * {@code listing} (a canonical listing tree) in {@code doc}.
   */
  static void addTo(Document doc, JsonNode openHouse, JsonNode listing, ObjectMapper mapper) {
    byte[] own;
    try {
      own = mapper.writeValueAsBytes(openHouse);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // {"openHouseKey":1,...} becomes {"openHouseKey":1,...,"listing":  and the listing follows.
    byte[] head = Arrays.copyOf(own, own.length - 1 + LISTING_KEY.length);
    System.arraycopy(LISTING_KEY, 0, head, own.length - 1, LISTING_KEY.length);
    doc.add(new StoredField(HEAD, head));
    ListingSource.render(listing, mapper).addTo(doc);
  }

  /**
   * Loads the stored source of {@code docId}, reading the listing's optional blocks only when asked
   * for.
   *
   * @throws IOException from the index
   */
  public static OpenHouseSource load(
      StoredFields storedFields, int docId, boolean withRooms, boolean withCompliance)
      throws IOException {
    Loader loader = new Loader(new ListingSource.Loader(withRooms, withCompliance));
    storedFields.document(docId, loader);
    if (loader.head == null) {
      throw new IllegalStateException("document " + docId + " has no stored open house");
    }
    return new OpenHouseSource(loader.head, loader.listing.listing(docId));
  }

  /**
   * The open house's own members as they were stored in {@code docId} (its key included, its
   * listing left out): the canonical tree it was rendered from.
   *
   * @throws IOException from the index
   */
  static ObjectNode ownMembers(StoredFields storedFields, int docId, ObjectMapper mapper)
      throws IOException {
    HeadOnly visitor = new HeadOnly();
    storedFields.document(docId, visitor);
    if (visitor.head == null) {
      throw new IllegalStateException("document " + docId + " has no stored open house");
    }
    // The head is {"openHouseKey":1,...,"listing":  so its members end where that key starts.
    byte[] own = Arrays.copyOf(visitor.head, visitor.head.length - LISTING_KEY.length + 1);
    own[own.length - 1] = '}';
    return (ObjectNode) mapper.readTree(own);
  }

  /**
   * Writes the open house JSON, its listing with the requested optional blocks and its mirrored
   * photos as {@code photoUrls} writes them, to {@code out}.
   */
  public void writeTo(
      OutputStream out, boolean withRooms, boolean withCompliance, PhotoUrls photoUrls)
      throws IOException {
    out.write(head);
    listing.writeTo(out, withRooms, withCompliance, photoUrls);
    out.write('}');
  }

  /** The open house JSON with the requested blocks, as bytes, mirrored photos by reference. */
  public byte[] toBytes(boolean withRooms, boolean withCompliance) {
    // As writeTo: the head, the listing as its own toBytes renders it, the closing brace.
    byte[] listingJson = listing.toBytes(withRooms, withCompliance);
    byte[] json = Arrays.copyOf(head, head.length + listingJson.length + 1);
    System.arraycopy(listingJson, 0, json, head.length, listingJson.length);
    json[json.length - 1] = '}';
    return json;
  }

  /** The open house's own head alone. */
  private static final class HeadOnly extends StoredFieldVisitor {
    byte[] head;

    @Override
    public Status needsField(FieldInfo fieldInfo) {
      if (fieldInfo.name.equals(HEAD)) {
        return Status.YES;
      }
      return head == null ? Status.NO : Status.STOP;
    }

    @Override
    public void binaryField(FieldInfo fieldInfo, byte[] value) {
      head = value;
    }
  }

  /** The open house's own head and, through the listing's loader, its listing: one visit. */
  private static final class Loader extends StoredFieldVisitor {
    final ListingSource.Loader listing;
    byte[] head;

    Loader(ListingSource.Loader listing) {
      this.listing = listing;
    }

    @Override
    public Status needsField(FieldInfo fieldInfo) throws IOException {
      return fieldInfo.name.equals(HEAD) ? Status.YES : listing.needsField(fieldInfo);
    }

    @Override
    public void binaryField(FieldInfo fieldInfo, byte[] value) throws IOException {
      if (fieldInfo.name.equals(HEAD)) {
        head = value;
      } else {
        listing.binaryField(fieldInfo, value);
      }
    }

    @Override
    public void intField(FieldInfo fieldInfo, int value) throws IOException {
      listing.intField(fieldInfo, value);
    }
  }
}
