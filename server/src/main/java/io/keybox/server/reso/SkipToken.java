package io.keybox.server.reso;

import io.keybox.server.error.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.StringJoiner;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/**
 * The keyset {@code $skiptoken}: the sort values of a page's last record (the key last), so the
 * next page starts after that record by value, not by position, and stays right while the index
 * swaps under the walk. URL-safe Base64 of the values, each tagged with its type.
 */
final class SkipToken {
  private SkipToken() {}

  /** The token of {@code last}, a hit sorted by the fields it carries values of. */
  static String of(FieldDoc last) {
    StringJoiner values = new StringJoiner("|");
    for (Object value : last.fields) {
      values.add(
          switch (value) {
            case Long l -> "L" + l;
            case Double d -> "D" + Double.doubleToLongBits(d);
            case BytesRef b ->
                "B"
                    + Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString(BytesRef.deepCopyOf(b).bytes);
            default -> throw new IllegalStateException("sort value " + value);
          });
    }
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(values.toString().getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The position after which the page of {@code token} starts, for {@code sort}, in a reader of
   * {@code maxDoc} documents.
   *
   * @throws InvalidRequestException when the token is not one this server wrote for this order
   */
  static FieldDoc after(String token, SortField[] sort, int maxDoc) {
    try {
      String[] values =
          new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split("\\|");
      if (values.length != sort.length) {
        throw new IllegalArgumentException("length");
      }
      Object[] fields = new Object[values.length];
      for (int i = 0; i < values.length; i++) {
        String value = values[i];
        fields[i] =
            switch (value.charAt(0)) {
              case 'L' -> Long.parseLong(value.substring(1));
              case 'D' -> Double.longBitsToDouble(Long.parseLong(value.substring(1)));
              case 'B' -> new BytesRef(Base64.getUrlDecoder().decode(value.substring(1)));
              default -> throw new IllegalArgumentException("type");
            };
        if (!holds(sort[i], fields[i])) {
          throw new IllegalArgumentException("type of " + sort[i]);
        }
      }
      // Past every document with these values (the key is unique: the record itself): Lucene
      // takes an equal one only when its doc id is above this one, the last of the reader.
      return new FieldDoc(Math.max(0, maxDoc - 1), Float.NaN, fields);
    } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
      throw new InvalidRequestException(
          "$skiptoken: not a token of this query (follow @odata.nextLink as given)");
    }
  }

  /** Whether {@code value} is of the type {@code sort} compares (what searchAfter requires). */
  private static boolean holds(SortField sort, Object value) {
    if (sort.getType() == SortField.Type.STRING) {
      return value instanceof BytesRef;
    }
    Object missing = sort.getMissingValue();
    return missing != null && missing.getClass() == value.getClass();
  }
}
