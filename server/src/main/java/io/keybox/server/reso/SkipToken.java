package io.keybox.server.reso;

import io.keybox.server.error.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.StringJoiner;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/**
 * The keyset {@code $skiptoken}: the sort values of a page's last record (the key last), so the
 * next page starts after that record by value, not by position, and stays right while the index
 * swaps under the walk. URL-safe Base64 of the values, each tagged with its type; for records
 * inside documents (a listing's photos), followed by a dot and how many of the last document's
 * records were served.
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
   * The token of a page ending inside document {@code last}, of which {@code served} records were
   * served (a listing's photos): the document's token, a dot, the count.
   */
  static String of(FieldDoc last, int served) {
    return of(last) + "." + served;
  }

  /**
   * Where the page of a token starts: after the document {@code after} names, or, for a token of
   * {@link #of(FieldDoc, int)}, at that document, past the records of it already served.
   *
   * @param after the search-after position
   * @param served how many records of the document whose sort values are {@code after}'s were
   *     served; 0 for a token naming whole documents
   */
  record Position(FieldDoc after, int served) {
    /** How many of {@code document}'s records are already served: its first ones, or none. */
    int servedOf(FieldDoc document) {
      return served > 0 && Arrays.equals(document.fields, after.fields) ? served : 0;
    }
  }

  /**
   * The position of {@code token}, for {@code sort}, in a reader of {@code maxDoc} documents;
   * {@code perRecord} when the token names records inside documents ({@link #of(FieldDoc, int)}).
   *
   * @throws InvalidRequestException when the token is not one this server wrote for this order
   */
  static Position position(String token, SortField[] sort, int maxDoc, boolean perRecord) {
    try {
      if (!perRecord) {
        // Past every document with these values (the key is unique: the record itself): Lucene
        // takes an equal one only when its doc id is above this one, the last of the reader.
        return new Position(after(token, sort, Math.max(0, maxDoc - 1)), 0);
      }
      int dot = token.lastIndexOf('.');
      if (dot < 0) {
        throw new IllegalArgumentException("no count");
      }
      int served = Integer.parseInt(token.substring(dot + 1));
      if (served < 1) {
        throw new IllegalArgumentException("served");
      }
      // At the document itself (doc -1: Lucene keeps an equal one whose doc id is above it).
      return new Position(after(token.substring(0, dot), sort, -1), served);
    } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
      throw new InvalidRequestException(
          "$skiptoken: not a token of this query (follow @odata.nextLink as given)");
    }
  }

  private static FieldDoc after(String token, SortField[] sort, int doc) {
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
    return new FieldDoc(doc, Float.NaN, fields);
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
