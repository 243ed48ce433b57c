package io.keybox.indexer.reso;

import com.fasterxml.jackson.databind.JsonNode;
import io.keybox.indexer.feed.FeedPhoto;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * RESO Media records as a listing's photos: those whose {@code MediaCategory} is {@code Photo} or
 * absent and whose type ({@code MediaType} or {@code MimeType}) is an image or absent, ordered by
 * {@code Order}, each with its {@code MediaKey}, {@code MediaURL}, {@code
 * MediaModificationTimestamp}, {@code LongDescription} (the caption) and {@code ImageWidth}/{@code
 * ImageHeight}. A record without a MediaURL is no photo to show; one without a MediaKey is keyed by
 * its URL, like a native dump's.
 */
public final class ResoMedia {
  private static final Set<String> IMAGE_TYPES =
      Set.of("jpeg", "jpg", "png", "gif", "webp", "tiff", "tif", "bmp", "heic");

  private ResoMedia() {}

  /** The photos of a RESO Property record's expanded {@code Media} array, cover first. */
  public static List<FeedPhoto> photos(JsonNode property) {
    JsonNode media = property.get("Media");
    if (media == null || !media.isArray()) {
      return List.of();
    }
    List<JsonNode> items = new ArrayList<>();
    media.forEach(items::add);
    items.sort(Comparator.comparingInt(m -> m.path("Order").asInt(Integer.MAX_VALUE)));
    List<FeedPhoto> photos = new ArrayList<>(items.size());
    for (JsonNode item : items) {
      photo(item, ResoTables.text(property, "ListingKey")).ifPresent(photos::add);
    }
    return photos;
  }

  /**
   * The listing a Media resource record belongs to ({@code ResourceRecordKey}), if it names one.
   */
  public static Optional<String> listingKey(JsonNode media) {
    String resource = ResoTables.text(media, "ResourceName");
    if (resource != null && !resource.equalsIgnoreCase("Property")) {
      return Optional.empty();
    }
    return Optional.ofNullable(ResoTables.text(media, "ResourceRecordKey"));
  }

  /** The record's place among its listing's photos ({@code Order}), last when it has none. */
  public static int order(JsonNode media) {
    return media.path("Order").asInt(Integer.MAX_VALUE);
  }

  /**
   * One Media record of listing {@code listingKey} as a photo, or empty when it is no photo
   * (category, type, no URL).
   */
  public static Optional<FeedPhoto> photo(JsonNode item, String listingKey) {
    String category = ResoTables.text(item, "MediaCategory");
    String url = ResoTables.text(item, "MediaURL");
    if (url == null || (category != null && !category.equalsIgnoreCase("Photo"))) {
      return Optional.empty();
    }
    String type = ResoTables.text(item, "MediaType");
    if (type == null) {
      type = ResoTables.text(item, "MimeType");
    }
    if (type != null && !isImage(type)) {
      return Optional.empty();
    }
    String key = ResoTables.text(item, "MediaKey");
    FeedPhoto byUrl = FeedPhoto.ofUrl(String.valueOf(listingKey), url);
    return Optional.of(
        new FeedPhoto(
            key == null ? byUrl.mediaKey() : key,
            url,
            instant(ResoTables.text(item, "MediaModificationTimestamp")),
            Optional.ofNullable(ResoTables.text(item, "LongDescription")),
            positive(item.get("ImageWidth")),
            positive(item.get("ImageHeight"))));
  }

  private static boolean isImage(String type) {
    String t = type.strip().toLowerCase(Locale.ROOT);
    return t.startsWith("image/") || IMAGE_TYPES.contains(t);
  }

  private static Optional<Instant> instant(String text) {
    if (text == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(OffsetDateTime.parse(text).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty(); // an unreadable timestamp: changes are then seen by URL only
    }
  }

  private static OptionalInt positive(JsonNode value) {
    return value != null && value.canConvertToInt() && value.asInt() > 0
        ? OptionalInt.of(value.asInt())
        : OptionalInt.empty();
  }
}
