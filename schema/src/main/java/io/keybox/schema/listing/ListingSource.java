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
 * end of the listing. With a block requested but absent, rooms print as {@code []} and compliance
 * as {@code {}}: clients iterate both (API.md §5), and an index written before compliance was
 * always an object stored none for a listing without it, so the splice, not the index, decides.
 */
public final class ListingSource {
  private static final String SOURCE = "_source";
  private static final String ROOMS_AT = "_roomsAt";
  private static final String ROOMS = "_rooms";
  private static final String COMPLIANCE = "_compliance";
  private static final byte[] ROOMS_KEY = ",\"rooms\":".getBytes(StandardCharsets.UTF_8);
  private static final byte[] COMPLIANCE_KEY = ",\"compliance\":".getBytes(StandardCharsets.UTF_8);
  private static final byte[] EMPTY_LIST = "[]".getBytes(StandardCharsets.UTF_8);
  private static final byte[] EMPTY_OBJECT = "{}".getBytes(StandardCharsets.UTF_8);

  private final byte[] base;
  private final int roomsAt;
  private final byte[] rooms;
  private final byte[] compliance;

  private ListingSource(byte[] base, int roomsAt, byte[] rooms, byte[] compliance) {
    this.base = base;
    this.roomsAt = roomsAt;
    this.rooms = rooms;
    this.compliance = compliance;
  }

  /** Renders a canonical listing tree (see {@link ListingRecord#tree()}). */
  public static ListingSource render(JsonNode listing, ObjectMapper mapper) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
      int roomsAt = -1;
      try (JsonGenerator gen = mapper.getFactory().createGenerator(out)) {
        gen.writeStartObject();
        for (Iterator<Map.Entry<String, JsonNode>> it = listing.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> member = it.next();
          if (member.getKey().equals("compliance")) {
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
              : null);
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

  /** Writes the listing JSON, with the requested optional blocks, to {@code out}. */
  public void writeTo(OutputStream out, boolean withRooms, boolean withCompliance)
      throws IOException {
    int end = withCompliance ? base.length - 1 : base.length;
    if (withRooms) {
      out.write(base, 0, roomsAt);
      out.write(ROOMS_KEY);
      out.write(rooms == null ? EMPTY_LIST : rooms);
      out.write(base, roomsAt, end - roomsAt);
    } else {
      out.write(base, 0, end);
    }
    if (withCompliance) {
      out.write(COMPLIANCE_KEY);
      out.write(compliance == null ? EMPTY_OBJECT : compliance);
      out.write('}');
    }
  }

  /** The listing JSON with the requested blocks, as bytes. */
  public byte[] toBytes(boolean withRooms, boolean withCompliance) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(base.length + 256);
    try {
      writeTo(out, withRooms, withCompliance);
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
      return new ListingSource(base, roomsAt, rooms, compliance);
    }

    @Override
    public Status needsField(FieldInfo fieldInfo) {
      return switch (fieldInfo.name) {
        case SOURCE, ROOMS_AT -> Status.YES;
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
    public void intField(FieldInfo fieldInfo, int value) {
      if (fieldInfo.name.equals(ROOMS_AT)) {
        roomsAt = value;
      }
    }
  }
}
