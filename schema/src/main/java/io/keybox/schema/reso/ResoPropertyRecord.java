package io.keybox.schema.reso;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.ListingDocuments;
import io.keybox.schema.listing.ListingRendering;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteArrayDataOutput;
import org.apache.lucene.util.BytesRef;

/**
 * A listing's RESO {@code Property} record as the RESO view serves it without {@code $select} or
 * {@code $expand}: {@code ListingKey}, then every field of the view ({@link #VIEW}) in table order,
 * compact JSON. Its values are rendered once at index time and stored, so a page copies bytes as
 * the JSON API does ({@link io.keybox.schema.listing.ListingSource}), and a {@code $select} takes
 * the members it names ({@link Stored#writeSelected}).
 *
 * <p>Only the values that are not the member's default ({@code null}, {@code []} for a list: most
 * of a listing's hundred-odd members) are stored, each as the bytes the view writes, with its
 * member's index; the names and the defaults are the same for every listing and are written from
 * one constant array of them. Stored: the view's version (4 bytes), the number of stored values,
 * each one's member index and length (vInts), then the values.
 *
 * <p>The record is kept in binary doc values, not among the document's stored fields: a stored
 * field is read by decompressing the whole document (the listing JSON, rooms, compliance: four
 * times the record), which was most of a 500-record page's time; doc values are read as they lie,
 * uncompressed. Builds before this one stored the record as a stored field, which is still read
 * where a document has no doc value, so their indexes are served as fast as they were.
 *
 * <p>The values are rendered from the listing as the server reads it back from its stored JSON
 * (without rooms and compliance, photos by reference), so the record is byte for byte what the view
 * writes from that JSON. A record of another {@link #VIEW_VERSION} (an index written before a field
 * joined the view), or none (an index written before this record existed), is not served, and the
 * view writes from the stored JSON instead.
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
  private static final String VALUES = "_resoRecord"; // the doc values of this build on
  private static final String RECORD = "_resoProperty"; // the stored field of earlier builds
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final Map<String, Integer> MEMBER_OF; // RESO name -> member index (key: 0)
  private static final int MEMBERS; // the key and the fields

  /**
   * Every member with its default value ({@code "ListingKey":null,"ListingId":null,...}), and where
   * each member's name ({@link #NAME_AT}) and value ({@link #VALUE_AT}) begin in it; {@code
   * NAME_AT[MEMBERS]} is its length plus one (past a comma that is not there).
   */
  private static final byte[] DEFAULTS;

  private static final int[] NAME_AT;
  private static final int[] VALUE_AT;

  static {
    int version = RENDERING;
    Map<String, Integer> members = new HashMap<>();
    for (ResoField field : VIEW.values()) {
      version = 31 * version + Objects.hash(field.reso(), field.listingPath(), field.type().name());
      members.put(field.reso(), members.size() + 1);
    }
    VIEW_VERSION = version;
    MEMBER_OF = Collections.unmodifiableMap(members);
    MEMBERS = members.size() + 1;
    NAME_AT = new int[MEMBERS + 1];
    VALUE_AT = new int[MEMBERS];
    List<ResoField> fields = List.copyOf(VIEW.values());
    ByteArrayOutputStream defaults = new ByteArrayOutputStream();
    for (int i = 0; i < MEMBERS; i++) {
      NAME_AT[i] = defaults.size();
      ResoField field = i == 0 ? null : fields.get(i - 1);
      defaults.writeBytes(("\"" + (i == 0 ? KEY_NAME : field.reso()) + "\":").getBytes(UTF_8));
      VALUE_AT[i] = defaults.size();
      boolean list = field != null && field.type() == ResoType.LOOKUP_MULTI;
      defaults.writeBytes((list ? "[]" : "null").getBytes(UTF_8));
      defaults.write(',');
    }
    NAME_AT[MEMBERS] = defaults.size();
    byte[] all = defaults.toByteArray();
    DEFAULTS = Arrays.copyOf(all, all.length - 1); // no comma after the last
  }

  private ResoPropertyRecord() {}

  /**
   * The documents of a vendor's index: the listing's response JSON and its RESO Property record.
   * What the indexer, and every index meant to be served, makes listings with.
   */
  public static ListingDocuments documents(ObjectMapper mapper) {
    ListingRendering record = (doc, served) -> addTo(doc, render(served));
    return new ListingDocuments(mapper, List.of(record));
  }

  /**
   * The record of {@code listing}, the listing JSON as the server reads it back (see the class
   * Javadoc), whose {@code mlsId} is the key.
   */
  public static byte[] render(JsonNode listing) {
    ByteArrayOutputStream json = new ByteArrayOutputStream(4096);
    int[] ends = new int[MEMBERS]; // where each member's value ends in json
    try (JsonGenerator out = FACTORY.createGenerator(json)) {
      out.writeStartObject();
      out.writeStringField(KEY_NAME, listing.path("mlsId").asText());
      ends[0] = json.size() + out.getOutputBuffered(); // what is written so far, flushed or not
      int i = 1;
      for (ResoField field : VIEW.values()) {
        ResoValues.writeMember(out, field, listing);
        ends[i++] = json.size() + out.getOutputBuffered();
      }
      out.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    byte[] written = json.toByteArray();
    ByteArrayOutputStream values = new ByteArrayOutputStream(1024);
    int[] stored = new int[MEMBERS * 2]; // member index, value length
    int count = 0;
    for (int i = 0; i < MEMBERS; i++) {
      int from = (i == 0 ? 1 : ends[i - 1] + 1) + (VALUE_AT[i] - NAME_AT[i]); // past '{' or ','
      int length = ends[i] - from;
      if (!Arrays.equals(written, from, ends[i], DEFAULTS, VALUE_AT[i], defaultEnd(i))) {
        values.write(written, from, length);
        stored[2 * count] = i;
        stored[2 * count + 1] = length;
        count++;
      }
    }
    byte[] record = new byte[4 + 5 + count * 10 + values.size()];
    ByteArrayDataOutput out = new ByteArrayDataOutput(record);
    try {
      out.writeInt(VIEW_VERSION);
      out.writeVInt(count);
      for (int i = 0; i < 2 * count; i++) {
        out.writeVInt(stored[i]);
      }
      out.writeBytes(values.toByteArray(), values.size());
    } catch (IOException e) {
      throw new UncheckedIOException(e); // an array's output: not thrown
    }
    return Arrays.copyOf(record, out.getPosition());
  }

  /** Stores {@code record} (from {@link #render}) in {@code doc}. */
  public static void addTo(Document doc, byte[] record) {
    doc.add(new BinaryDocValuesField(VALUES, new BytesRef(record)));
  }

  /**
   * The records of {@code docs} (top-level doc ids of {@code reader}, in any order): the record of
   * {@code docs[i]} at {@code i}, null where the document holds none of this view's version. Doc
   * values are read forward only, so they are read in doc id order here, whatever the order of the
   * page.
   *
   * @throws IOException from the index
   */
  public static Stored[] load(IndexReader reader, int[] docs) throws IOException {
    long[] byDoc = new long[docs.length]; // doc id, then the place in docs
    for (int i = 0; i < docs.length; i++) {
      byDoc[i] = (long) docs[i] << 32 | i;
    }
    Arrays.sort(byDoc);
    List<LeafReaderContext> leaves = reader.leaves();
    Stored[] records = new Stored[docs.length];
    StoredFields storedFields = null; // of an earlier build's documents, opened when one comes
    LeafReaderContext leaf = null;
    BinaryDocValues values = null;
    for (long entry : byDoc) {
      int doc = (int) (entry >>> 32);
      if (leaf == null || doc >= leaf.docBase + leaf.reader().maxDoc()) {
        leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
        values = leaf.reader().getBinaryDocValues(VALUES);
      }
      byte[] record;
      if (values != null && values.advanceExact(doc - leaf.docBase)) {
        BytesRef value = values.binaryValue();
        record = Arrays.copyOfRange(value.bytes, value.offset, value.offset + value.length);
      } else {
        storedFields = storedFields == null ? reader.storedFields() : storedFields;
        record = storedRecord(storedFields, doc);
      }
      records[(int) entry] = parse(record);
    }
    return records;
  }

  /** The record stored as a stored field by an earlier build, or null. */
  private static byte[] storedRecord(StoredFields storedFields, int docId) throws IOException {
    Loader loader = new Loader();
    storedFields.document(docId, loader);
    return loader.record;
  }

  /** The record {@code record} holds, or null when it is none of this view's version. */
  private static Stored parse(byte[] record) {
    if (record == null || record.length < 4) {
      return null;
    }
    ByteArrayDataInput in = new ByteArrayDataInput(record);
    return in.readInt() == VIEW_VERSION ? Stored.read(record, in) : null;
  }

  /** The index of the member named {@code reso} in a record (the key's is 0), if it has one. */
  public static OptionalInt member(String reso) {
    Integer index = MEMBER_OF.get(reso);
    return index == null ? OptionalInt.empty() : OptionalInt.of(index);
  }

  private static int defaultEnd(int member) {
    return NAME_AT[member + 1] - 1;
  }

  /**
   * A stored record, read where it lies: the pairs of member index and value length from {@code
   * pairs} to {@code values}, then the values in the same order. A whole record is written in one
   * pass over them; the values are found by member only for a {@code $select}.
   */
  public static final class Stored {
    private final byte[] bytes;
    private final int pairs;
    private final int values;
    private int[] at; // by member: where its value is in bytes, -1 at its default; made on demand
    private int[] length;

    private Stored(byte[] bytes, int pairs, int values) {
      this.bytes = bytes;
      this.pairs = pairs;
      this.values = values;
    }

    private static Stored read(byte[] bytes, ByteArrayDataInput in) {
      int count = in.readVInt();
      int pairs = in.getPosition();
      int values = pairs;
      for (int ended = 0; ended < 2 * count; values++) {
        if (bytes[values] >= 0) { // a vInt's last byte
          ended++;
        }
      }
      return new Stored(bytes, pairs, values);
    }

    /**
     * The vInt at {@code at} in {@code bytes} and where the next begins: {@code (next << 32) |
     * value} (a page reads some 70,000 of them; Lucene's reader takes a call per byte).
     */
    private static long vInt(byte[] bytes, int at) {
      int value = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = bytes[at++];
        value |= (b & 0x7F) << shift;
        if (b >= 0) {
          return (long) at << 32 | value;
        }
      }
    }

    /**
     * Writes the whole record, as the view writes it without {@code $select}, in one write. For a
     * page, {@link Writer} does the same without a buffer per record.
     */
    public void writeTo(OutputStream out) throws IOException {
      new Writer().write(this, out);
    }

    /** The most bytes the whole record takes: every default replaced by at least as many. */
    private int maxSize() {
      return DEFAULTS.length + 2 + bytes.length - values;
    }

    /** Writes the whole record into {@code record} (of {@link #maxSize} at least); its length. */
    private int assemble(byte[] record) {
      record[0] = '{';
      int to = 1;
      int value = values;
      int next = 0; // the first member not yet written
      for (int pair = pairs; pair < values; ) {
        long read = vInt(bytes, pair);
        int member = (int) read;
        read = vInt(bytes, (int) (read >>> 32));
        int length = (int) read;
        pair = (int) (read >>> 32);
        // The members before it at their defaults, and its name: one slice of DEFAULTS.
        int from = next == 0 ? NAME_AT[0] : NAME_AT[next] - 1; // with the comma before it
        System.arraycopy(DEFAULTS, from, record, to, VALUE_AT[member] - from);
        to += VALUE_AT[member] - from;
        System.arraycopy(bytes, value, record, to, length);
        to += length;
        value += length;
        next = member + 1;
      }
      if (next < MEMBERS) {
        int from = next == 0 ? NAME_AT[0] : NAME_AT[next] - 1;
        System.arraycopy(DEFAULTS, from, record, to, DEFAULTS.length - from);
        to += DEFAULTS.length - from;
      }
      record[to] = '}';
      return to + 1;
    }

    /**
     * Writes the record made of the key and the members at {@code members} ({@link #member}
     * indexes), in that order: what the view writes for a {@code $select} of those fields.
     */
    public void writeSelected(int[] members, OutputStream out) throws IOException {
      locate();
      out.write('{');
      writeMember(0, out);
      for (int member : members) {
        writeMember(member, out);
      }
      out.write('}');
    }

    /** Finds each member's value ({@link #at}, {@link #length}), once. */
    private void locate() {
      if (at != null) {
        return;
      }
      at = new int[MEMBERS];
      length = new int[MEMBERS];
      Arrays.fill(at, -1);
      ByteArrayDataInput in = new ByteArrayDataInput(bytes, pairs, values - pairs);
      int value = values;
      while (in.getPosition() < values) {
        int member = in.readVInt();
        at[member] = value;
        length[member] = in.readVInt();
        value += length[member];
      }
    }

    /** Writes a comma unless {@code member} is the key, then the member. */
    private void writeMember(int member, OutputStream out) throws IOException {
      if (member > 0) {
        out.write(',');
      }
      out.write(DEFAULTS, NAME_AT[member], VALUE_AT[member] - NAME_AT[member]);
      if (at[member] < 0) {
        out.write(DEFAULTS, VALUE_AT[member], defaultEnd(member) - VALUE_AT[member]);
      } else {
        out.write(bytes, at[member], length[member]);
      }
    }
  }

  /**
   * Writes whole records, each assembled in one buffer kept from record to record and written at
   * once: a page of 500 records would otherwise be some 100,000 small writes, or 500 buffers of 3
   * to 4 KB. One per page, on one thread.
   */
  public static final class Writer {
    private byte[] buffer = new byte[DEFAULTS.length + 2 + 2048];

    /** Writes {@code record} whole, as the view writes it without {@code $select}. */
    public void write(Stored record, OutputStream out) throws IOException {
      if (buffer.length < record.maxSize()) {
        buffer = new byte[record.maxSize()];
      }
      out.write(buffer, 0, record.assemble(buffer));
    }
  }

  /** Reads the record alone, as a build before its doc values stored it. */
  private static final class Loader extends StoredFieldVisitor {
    private byte[] record;

    @Override
    public Status needsField(FieldInfo fieldInfo) {
      return fieldInfo.name.equals(RECORD) ? Status.YES : Status.NO;
    }

    @Override
    public void binaryField(FieldInfo fieldInfo, byte[] value) {
      record = value;
    }
  }
}
