package io.keybox.schema.listing;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.StoredFields;

/**
 * The response JSON of one listing, rendered once at index time and stored, so the server writes
 * bytes instead of re-serialising objects.
 *
 * <p>The optional blocks are stored apart and spliced in on request: {@code rooms} goes at the end
 * of the {@code property} object (its offset is stored with the bytes), {@code compliance} at the
 * end of the listing. Mirrored photos ({@link PhotoUrls}: the tree names them by reference) are
 * stored apart as their digests and written at the end of the listing, before compliance, as the
 * URLs the request's {@link PhotoUrls} make: the base URL is the server's, not the index's. With a
 * block requested but absent, rooms print as {@code []} and compliance as {@code {}}: clients
 * iterate both (API.md §5), and an index written before compliance was always an object stored none
 * for a listing without it, so the splice, not the index, decides.
 */
public final class ListingSource {
  private static final String SOURCE = "_source";
  private static final String ROOMS_AT = "_roomsAt";
  private static final String ROOMS = "_rooms";
  private static final String COMPLIANCE = "_compliance";
  private static final String PHOTOS = "_photos";
  private static final byte[] PHOTOS_KEY = ",\"photos\":".getBytes(StandardCharsets.UTF_8);
  private static final byte[] ROOMS_KEY = ",\"rooms\":".getBytes(StandardCharsets.UTF_8);
  private static final byte[] COMPLIANCE_KEY = ",\"compliance\":".getBytes(StandardCharsets.UTF_8);
  private static final byte[] EMPTY_LIST = "[]".getBytes(StandardCharsets.UTF_8);
  private static final byte[] EMPTY_OBJECT = "{}".getBytes(StandardCharsets.UTF_8);

  private final byte[] base;
  private final int roomsAt;
  private final byte[] rooms;
  private final byte[] compliance;
  private final String[] photos; // the mirrored photos' digests, or null when photos are inline

  private ListingSource(
      byte[] base, int roomsAt, byte[] rooms, byte[] compliance, String[] photos) {
    this.base = base;
    this.roomsAt = roomsAt;
    this.rooms = rooms;
    this.compliance = compliance;
    this.photos = photos;
  }

  /** Renders a canonical listing tree (see {@link ListingRecord#tree()}). */
  public static ListingSource render(JsonNode listing, ObjectMapper mapper) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
      int roomsAt = -1;
      List<String> mirrored = PhotoUrls.digests(listing);
      try (JsonGenerator gen = mapper.getFactory().createGenerator(out)) {
        gen.writeStartObject();
        for (Iterator<Map.Entry<String, JsonNode>> it = listing.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> member = it.next();
          if (member.getKey().equals("compliance")
              || (member.getKey().equals("photos") && !mirrored.isEmpty())) {
            continue;
          }
          gen.writeFieldName(member.getKey());
          if (member.getKey().equals("property")) {
            gen.writeStartObject();
            for (Iterator<Map.Entry<String, JsonNode>> p = member.getValue().fields();
                p.hasNext(); ) {
              Map.Entry<String, JsonNode> field = p.next();
              if (!field.getKey().equals("rooms")) {
                gen.writeFieldName(field.getKey());
                gen.writeTree(field.getValue());
              }
            }
            gen.flush();
            roomsAt = out.size();
            gen.writeEndObject();
          } else {
            gen.writeTree(member.getValue());
          }
        }
        gen.writeEndObject();
      }
      if (roomsAt < 0) {
        throw new IllegalArgumentException("listing has no property object");
      }
      JsonNode rooms = listing.path("property").path("rooms");
      JsonNode compliance = listing.path("compliance");
      return new ListingSource(
          out.toByteArray(),
          roomsAt,
          rooms.isArray() ? mapper.writeValueAsBytes(rooms) : null,
          compliance.isObject() && !compliance.isEmpty()
              ? mapper.writeValueAsBytes(compliance)
              : null,
          mirrored.isEmpty() ? null : mirrored.toArray(String[]::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stores these bytes in {@code doc}. */
  public void addTo(Document doc) {
    doc.add(new StoredField(SOURCE, base));
    doc.add(new StoredField(ROOMS_AT, roomsAt));
    if (rooms != null) {
      doc.add(new StoredField(ROOMS, rooms));
    }
    if (compliance != null) {
      doc.add(new StoredField(COMPLIANCE, compliance));
    }
    if (photos != null) {
      doc.add(new StoredField(PHOTOS, String.join(",", photos)));
    }
  }

  /** The digests of the listing's mirrored photos, cover first; empty when it has none. */
  public List<String> mirroredPhotos() {
    return photos == null ? List.of() : List.of(photos);
  }

  /**
   * Loads the stored source of {@code docId}, reading the optional blocks only when asked for.
   *
   * @throws IOException from the index
   */
  public static ListingSource load(
      StoredFields storedFields, int docId, boolean withRooms, boolean withCompliance)
      throws IOException {
    Loader loader = new Loader(withRooms, withCompliance);
    storedFields.document(docId, loader);
    return loader.listing(docId);
  }

  /**
   * Writes the listing JSON, with the requested optional blocks, to {@code out}; mirrored photos as
   * {@code photoUrls} writes them.
   */
  public void writeTo(
      OutputStream out, boolean withRooms, boolean withCompliance, PhotoUrls photoUrls)
      throws IOException {
    int end = withCompliance || photos != null ? base.length - 1 : base.length;
    if (withRooms) {
      out.write(base, 0, roomsAt);
      out.write(ROOMS_KEY);
      out.write(rooms == null ? EMPTY_LIST : rooms);
      out.write(base, roomsAt, end - roomsAt);
    } else {
      out.write(base, 0, end);
    }
    if (photos != null) {
      out.write(PHOTOS_KEY);
      photoUrls.writeArray(out, photos);
    }
    if (withCompliance) {
      out.write(COMPLIANCE_KEY);
      out.write(compliance == null ? EMPTY_OBJECT : compliance);
    }
    if (end < base.length) {
      out.write('}');
    }
  }

  /**
   * The listing JSON with the requested blocks, as bytes, mirrored photos by reference ({@link
   * PhotoUrls#REFS}): the tree it was rendered from.
   */
  public byte[] toBytes(boolean withRooms, boolean withCompliance) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(base.length + 256);
    try {
      writeTo(out, withRooms, withCompliance, PhotoUrls.REFS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /**
   * Collects a listing's stored source in one visit of its document; a visitor for documents that
   * hold more (an open house and its listing) delegates the listing's fields to it, so the document
   * is decompressed once.
   */
  public static final class Loader extends StoredFieldVisitor {
    private final boolean withRooms;
    private final boolean withCompliance;
    private byte[] base;
    private int roomsAt;
    private byte[] rooms;
    private byte[] compliance;
    private String[] photos;

    /** A loader that keeps the optional blocks asked for. */
    public Loader(boolean withRooms, boolean withCompliance) {
      this.withRooms = withRooms;
      this.withCompliance = withCompliance;
    }

    /**
     * The listing collected from document {@code docId} (named in the error only).
     *
     * @throws IllegalStateException when the document held no listing
     */
    public ListingSource listing(int docId) {
      if (base == null) {
        throw new IllegalStateException("document " + docId + " has no stored listing");
      }
      return new ListingSource(base, roomsAt, rooms, compliance, photos);
    }

    @Override
    public Status needsField(FieldInfo fieldInfo) {
      return switch (fieldInfo.name) {
        case SOURCE, ROOMS_AT, PHOTOS -> Status.YES;
        case ROOMS -> withRooms ? Status.YES : Status.NO;
        case COMPLIANCE -> withCompliance ? Status.YES : Status.NO;
        default -> Status.NO;
      };
    }

    @Override
    public void binaryField(FieldInfo fieldInfo, byte[] value) {
      switch (fieldInfo.name) {
        case SOURCE -> base = value;
        case ROOMS -> rooms = value;
        case COMPLIANCE -> compliance = value;
        default -> {}
      }
    }

    @Override
    public void stringField(FieldInfo fieldInfo, String value) {
      if (fieldInfo.name.equals(PHOTOS)) {
        photos = value.split(",");
      }
    }

    @Override
    public void intField(FieldInfo fieldInfo, int value) {
      if (fieldInfo.name.equals(ROOMS_AT)) {
        roomsAt = value;
      }
    }
  }
}
