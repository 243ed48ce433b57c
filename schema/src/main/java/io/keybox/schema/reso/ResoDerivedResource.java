package io.keybox.schema.reso;

import static io.keybox.schema.reso.ResoField.Conversion.COPY;
import static io.keybox.schema.reso.ResoType.STRING;
import static io.keybox.schema.reso.ResoType.TIMESTAMP;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.schema.StoredBytes;
import io.keybox.schema.field.KeyTermField;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.field.SearchField;
import io.keybox.schema.field.SortKeyField;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SortField;

/**
 * A RESO resource Keybox derives from what its index holds rather than indexing it: {@code Office}
 * (the offices listings and agents name) and {@code Lookup} (the values of the string lookups). The
 * server builds a small index of these records per snapshot of a vendor's index; this is its Lucene
 * side (the documents, the fields that filter and order, the stored JSON) and its RESO rows, whose
 * paths name the members of the derived record.
 *
 * <p>Keys are unique under case-folding (the key order ignores case), which the deriving code
 * keeps: keyset paging needs one record per key value.
 *
 * @param keyMember the member of a derived record holding its key
 * @param key the key term, for reads by key
 * @param keySort the key's order
 * @param fields the fields that filter (and, numeric, order)
 * @param rows the RESO fields of the resource, in order (the key is not one)
 */
public record ResoDerivedResource(
    String keyMember,
    KeyTermField key,
    SortKeyField keySort,
    List<SearchField> fields,
    List<ResoField> rows) {
  private static final String SOURCE = "_derived";

  /** {@code OfficeMlsId} of an office: filters by keyword. */
  public static final KeywordField OFFICE_MLS_ID =
      KeywordField.of("office.mlsId", o -> texts(o, "officeKey"));

  /** {@code OfficeName}: filters by keyword (eq, startswith, contains). */
  public static final KeywordField OFFICE_NAME =
      KeywordField.of("office.name", o -> texts(o, "name"));

  /**
   * Offices: key {@code OfficeKey}, the office's MLS id (a listing's {@code office.brokerid}, an
   * agent's {@code officeMlsId}); its name, e-mail and phone from the latest listing naming it.
   */
  public static final ResoDerivedResource OFFICE =
      new ResoDerivedResource(
          "officeKey",
          new KeyTermField("office.key"),
          new SortKeyField("office.keySort", o -> o.path("officeKey").asText(null)),
          List.of(OFFICE_MLS_ID, OFFICE_NAME),
          List.of(
              ResoField.of("OfficeMlsId", "officeKey", COPY, STRING).indexedAs(OFFICE_MLS_ID),
              ResoField.of("OfficeName", "name", COPY, STRING).indexedAs(OFFICE_NAME),
              ResoField.of("OfficeEmail", "email", COPY, STRING),
              ResoField.of("OfficePhone", "phone", COPY, STRING)));

  /** {@code LookupName}: the field whose value it is. */
  public static final KeywordField LOOKUP_NAME =
      KeywordField.of("lookup.name", l -> texts(l, "name"));

  /** {@code LookupValue}: the value as served. */
  public static final KeywordField LOOKUP_VALUE =
      KeywordField.of("lookup.value", l -> texts(l, "value"));

  /** {@code ModificationTimestamp} of a lookup value, epoch milliseconds. */
  public static final LongValueField LOOKUP_MODIFIED =
      new LongValueField("lookup.modified", l -> epochMillis(l.path("modified").asText(null)));

  /**
   * String lookup values: key {@code LookupKey}, {@code {LookupName}:{LookupValue}}; {@code
   * StandardLookupValue} only where Keybox knows the value is the Data Dictionary's (its two
   * vocabularies).
   */
  public static final ResoDerivedResource LOOKUP =
      new ResoDerivedResource(
          "lookupKey",
          new KeyTermField("lookup.key"),
          new SortKeyField("lookup.keySort", l -> l.path("lookupKey").asText(null)),
          List.of(LOOKUP_NAME, LOOKUP_VALUE, LOOKUP_MODIFIED),
          List.of(
              ResoField.of("LookupName", "name", COPY, STRING).indexedAs(LOOKUP_NAME),
              ResoField.of("LookupValue", "value", COPY, STRING).indexedAs(LOOKUP_VALUE),
              ResoField.of("StandardLookupValue", "standard", COPY, STRING),
              ResoField.of("ModificationTimestamp", "modified", COPY, TIMESTAMP)
                  .indexedAs(LOOKUP_MODIFIED)));

  public ResoDerivedResource {
    Objects.requireNonNull(keyMember, "keyMember");
    fields = List.copyOf(fields);
    rows = List.copyOf(rows);
  }

  /** The document of {@code record}, with {@code json}, its bytes, stored. */
  public Document document(JsonNode record, byte[] json) {
    Document doc = new Document();
    String recordKey = record.path(keyMember).asText();
    key.addTo(doc, recordKey);
    keySort.addTo(doc, record);
    for (SearchField field : fields) {
      field.addTo(doc, record);
    }
    doc.add(new StoredField(SOURCE, json));
    return doc;
  }

  /** The record whose key is {@code recordKey}, exactly. */
  public Query byKey(String recordKey) {
    return key.is(recordKey);
  }

  /** The key order. */
  public SortField sort() {
    return keySort.sort();
  }

  /** The stored JSON of document {@code docId}. */
  public static byte[] load(StoredFields storedFields, int docId) throws IOException {
    return StoredBytes.load(storedFields, docId, SOURCE);
  }

  private static List<String> texts(JsonNode record, String member) {
    JsonNode value = record.get(member);
    return value == null || value.isNull() ? List.of() : List.of(value.asText());
  }

  private static Long epochMillis(String text) {
    try {
      return text == null ? null : Instant.parse(text).toEpochMilli();
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
