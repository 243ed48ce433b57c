package io.keybox.schema.reso;

import static io.keybox.schema.reso.ResoField.Conversion.DERIVED;
import static io.keybox.schema.reso.ResoType.INTEGER;
import static io.keybox.schema.reso.ResoType.LOOKUP;
import static io.keybox.schema.reso.ResoType.STRING;

import io.keybox.schema.listing.ListingFields;
import java.util.List;
import java.util.Optional;

/**
 * The RESO Media fields Keybox holds: a listing's {@code photos}, one Media record per photo, as
 * the server's RESO view serves them. The index keeps a photo's URL (or, mirrored, its digest) and
 * its place in the list, nothing else (no caption, size or timestamp: the indexer's {@code
 * ResoMedia} reads those into the photo mirror's catalog, not the index), so the paths below name
 * the members of the record the view makes of each photo.
 *
 * <p>{@code ResourceRecordKey} is the listing's mlsId, so it filters through the listing's field.
 */
public final class ResoMediaFields {
  private ResoMediaFields() {}

  /** The member of a photo's record that holds its MediaKey: {@code {ListingKey}-{Order}}. */
  public static final String KEY = "mediaKey";

  /** The rows: RESO field, member of the photo's record, conversion, Data Dictionary type. */
  public static final List<ResoField> FIELDS =
      List.of(
          ResoField.of("ResourceRecordKey", "listingKey", DERIVED, STRING)
              .inverted()
              .indexedAs(ListingFields.MLS_ID),
          ResoField.of("ResourceName", "resourceName", DERIVED, LOOKUP).inverted(),
          ResoField.of("Order", "order", DERIVED, INTEGER).inverted(),
          ResoField.of("MediaURL", "url", DERIVED, STRING).inverted(),
          ResoField.of("MediaCategory", "category", DERIVED, LOOKUP).inverted());

  /**
   * The MediaKey of the photo at {@code order} (1 for the cover) of listing {@code listingKey}: its
   * place, so a reordered listing's keys name other photos (its ModificationTimestamp moves with
   * it).
   */
  public static String mediaKey(String listingKey, int order) {
    return listingKey + "-" + order;
  }

  /** The ListingKey of a MediaKey, or empty when {@code mediaKey} is none. */
  public static Optional<String> listingKeyOf(String mediaKey) {
    int dash = mediaKey.lastIndexOf('-');
    return dash > 0 ? Optional.of(mediaKey.substring(0, dash)) : Optional.empty();
  }
}
