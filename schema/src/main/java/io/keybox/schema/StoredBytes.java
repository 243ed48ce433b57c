package io.keybox.schema;

import java.io.IOException;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.StoredFields;

/** Reads the one stored binary field a kind of document keeps its JSON in. */
public final class StoredBytes {
  private StoredBytes() {}

  /**
   * The bytes stored as {@code field} in document {@code docId}, the only field read.
   *
   * @throws IllegalStateException when the document has none
   * @throws IOException from the index
   */
  public static byte[] load(StoredFields storedFields, int docId, String field) throws IOException {
    byte[][] bytes = new byte[1][];
    storedFields.document(
        docId,
        new StoredFieldVisitor() {
          @Override
          public Status needsField(FieldInfo fieldInfo) {
            return fieldInfo.name.equals(field) ? Status.YES : Status.NO;
          }

          @Override
          public void binaryField(FieldInfo fieldInfo, byte[] value) {
            bytes[0] = value;
          }
        });
    if (bytes[0] == null) {
      throw new IllegalStateException("document " + docId + " has no stored " + field);
    }
    return bytes[0];
  }
}
