package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.reso.ResoMedia;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The listings' photos from a dump of RESO Media records (the Media resource, {@code --media-dump},
 * or what a pull read when the server could not expand a Property's Media), joined to listings by
 * RESO's foreign key, {@code ResourceRecordKey} = {@code ListingKey}.
 *
 * <p>A Property record without a {@code Media} array gets the Media records the dump holds for it
 * as one (none when it holds none: the dump is the listing's whole photo list), so {@link
 * ResoMedia} picks and orders them exactly as it does expanded ones. Only photos are kept in
 * memory, and of them only the fields {@link ResoMedia} reads. Records of other resources (an
 * agent's or an office's Media) are skipped; a Property's record that names no listing is a reject.
 * Read-only once read: the pipeline's threads share it.
 */
final class MediaJoin {
  /** The fields {@link ResoMedia} reads from a Media record. */
  private static final List<String> PHOTO_FIELDS =
      List.of(
          "MediaKey",
          "MediaURL",
          "MediaModificationTimestamp",
          "LongDescription",
          "ImageWidth",
          "ImageHeight",
          "Order",
          "MediaCategory",
          "MediaType",
          "MimeType");

  private static final MediaJoin NONE = new MediaJoin(Optional.empty());

  private final Optional<Map<String, ArrayNode>> byListing;

  private MediaJoin(Optional<Map<String, ArrayNode>> byListing) {
    this.byListing = byListing;
  }

  /** No Media dump: records keep what they carry. */
  static MediaJoin none() {
    return NONE;
  }

  /**
   * Reads the Media records of {@code dump} (RESO, in any container the listings may come in);
   * malformed records become rejects of {@link Reject#MEDIA}.
   *
   * @throws UnreadableDumpException when the dump cannot be read to its end
   */
  static MediaJoin read(Path dump, ObjectMapper mapper, List<Reject> rejects) throws IOException {
    Map<String, ArrayNode> byListing = new HashMap<>();
    JsonDump.each(
        dump,
        new JsonDump.Reading(FeedFormat.RESO, UnaryOperator.identity()),
        mapper,
        Reject.MEDIA,
        rejects,
        (line, record, source) -> {
          String resource = text(record, "ResourceName");
          if (resource != null && !resource.equalsIgnoreCase("Property")) {
            return; // an agent's or an office's picture
          }
          String listingKey =
              ResoMedia.listingKey(record)
                  .orElseThrow(
                      () ->
                          new InvalidRecordException(
                              "ResourceRecordKey", "missing: the Media record names no listing"));
          if (ResoMedia.photo(record, listingKey).isEmpty()) {
            return; // a floor plan, a video, a document: no photo to show
          }
          ObjectNode photo = mapper.createObjectNode();
          for (String field : PHOTO_FIELDS) {
            JsonNode value = record.get(field);
            if (value != null && !value.isNull()) {
              photo.set(field, value);
            }
          }
          byListing.computeIfAbsent(listingKey, k -> mapper.createArrayNode()).add(photo);
        });
    return new MediaJoin(Optional.of(byListing));
  }

  /**
   * Gives {@code property} (a RESO Property record) the Media array this dump holds for it, unless
   * it carries its own or there is no dump.
   */
  void join(ObjectNode property) {
    if (byListing.isEmpty() || property.has("Media")) {
      return;
    }
    String listingKey = text(property, "ListingKey");
    ArrayNode photos = listingKey == null ? null : byListing.get().get(listingKey);
    property.set("Media", photos != null ? photos : property.arrayNode());
  }

  private static String text(JsonNode record, String field) {
    JsonNode value = record.get(field);
    if (value == null || !value.isValueNode() || value.isNull()) {
      return null;
    }
    String text = value.asText().strip();
    return text.isEmpty() ? null : text;
  }
}
