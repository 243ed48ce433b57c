package io.keybox.schema.reso;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.StoredFields;

/**
 * A listing's RESO {@code Property} record as the RESO view serves it without {@code $select} or
 * {@code $expand}: {@code ListingKey}, then every field of the view ({@link #VIEW}) in table order,
 * compact JSON, rendered once at index time and stored, so a page copies bytes as the JSON API does
 * ({@link io.keybox.schema.listing.ListingSource}); a {@code $select} takes members of it ({@link
 * #writeSelected}).
 *
 * <p>It is rendered from the listing as the server reads it back from its stored JSON (without
 * rooms and compliance, photos by reference), so it is byte for byte what the view writes from that
 * JSON. It is stored with the {@link #VIEW_VERSION} of the view it was rendered for: a record of
 * another version (an index written before a field joined the view), or none (an index written
 * before this record existed), is not served, and the view renders from the stored JSON instead.
 */
public final class ResoPropertyRecord {
  /** The key property, first member of every record. */
  public static final String KEY_NAME = "ListingKey";

  /** The fields the view advertises for Property, by RESO name, in table order. */
  public static final Map<String, ResoField> VIEW = ResoField.view(ResoPropertyFields.FIELDS);

  /**
   * The version of the rendering: changes with the view's fields (name, path, type) and with {@link
   * #RENDERING}, which a change to how values are written ({@link ResoValues}) must raise.
   */
  public static final int VIEW_VERSION;

  private static final int RENDERING = 1;
  private static final String RECORD = "_resoProperty";
  private static final String VERSION = "_resoPropertyView";
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final Map<String, Integer> MEMBER_OF; // RESO name -> member index (key: 0)

  static {
    int version = RENDERING;
    Map<String, Integer> members = new HashMap<>();
    for (ResoField field : VIEW.values()) {
      version = 31 * version + Objects.hash(field.reso(), field.listingPath(), field.type().name());
      members.put(field.reso(), members.size() + 1);
    }
    VIEW_VERSION = version;
    MEMBER_OF = Collections.unmodifiableMap(members);
  }

  private ResoPropertyRecord() {}

  /**
   * The record of {@code listing}, the listing JSON as the server reads it back (see the class
   * Javadoc), whose {@code mlsId} is the key.
   */
  public static byte[] render(JsonNode listing) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);
    try (JsonGenerator out = FACTORY.createGenerator(bytes)) {
      out.writeStartObject();
      out.writeStringField(KEY_NAME, listing.path("mlsId").asText());
      for (ResoField field : VIEW.values()) {
        ResoValues.writeMember(out, field, listing);
      }
      out.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** Stores {@code record} (from {@link #render}) in {@code doc}, with the view's version. */
  public static void addTo(Document doc, byte[] record) {
    doc.add(new StoredField(RECORD, record));
    doc.add(new StoredField(VERSION, VIEW_VERSION));
  }

  /**
   * The stored record of {@code docId}, or null when it holds none of this view's version.
   *
   * @throws IOException from the index
   */
  public static byte[] load(StoredFields storedFields, int docId) throws IOException {
    Loader loader = new Loader();
    storedFields.document(docId, loader);
    return loader.record != null && loader.version == VIEW_VERSION ? loader.record : null;
  }

  /** The index of the member named {@code reso} in a record (the key's is 0), if it has one. */
  public static OptionalInt member(String reso) {
    Integer index = MEMBER_OF.get(reso);
    return index == null ? OptionalInt.empty() : OptionalInt.of(index);
  }

  /**
   * Writes the record made of {@code record}'s key and its members at {@code members} ({@link
   * #member} indexes), in that order: what the view writes for a {@code $select} of those fields.
   * The members' bytes are copied as stored; a streaming parser only finds where each begins.
   */
  public static void writeSelected(byte[] record, int[] members, OutputStream out)
      throws IOException {
    int[] starts = new int[MEMBER_OF.size() + 2];
    int count = 0;
    try (JsonParser parser = FACTORY.createParser(record)) {
      parser.nextToken(); // the record's START_OBJECT
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        starts[count++] = (int) parser.currentTokenLocation().getByteOffset();
        parser.nextToken();
        parser.skipChildren();
      }
    }
    if (count != MEMBER_OF.size() + 1) {
      throw new IllegalStateException(
          "stored RESO record has " + count + " members, the view " + (MEMBER_OF.size() + 1));
    }
    starts[count] = record.length; // members are compact and comma-separated; '}' ends the last
    out.write('{');
    write(record, starts, 0, out);
    for (int member : members) {
      out.write(',');
      write(record, starts, member, out);
    }
    out.write('}');
  }

  private static void write(byte[] record, int[] starts, int member, OutputStream out)
      throws IOException {
    out.write(record, starts[member], starts[member + 1] - 1 - starts[member]);
  }

  /** Reads the record and its version in one visit of the document. */
  private static final class Loader extends StoredFieldVisitor {
    private byte[] record;
    private int version;

    @Override
    public Status needsField(FieldInfo fieldInfo) {
      return switch (fieldInfo.name) {
        case RECORD, VERSION -> Status.YES;
        default -> Status.NO;
      };
    }

    @Override
    public void binaryField(FieldInfo fieldInfo, byte[] value) {
      if (fieldInfo.name.equals(RECORD)) {
        record = value;
      }
    }

    @Override
    public void intField(FieldInfo fieldInfo, int value) {
      if (fieldInfo.name.equals(VERSION)) {
        version = value;
      }
    }
  }
}
