package io.keybox.schema.listing;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.lucene.document.Document;

/**
 * A stored rendering of a listing that {@link ListingDocuments} adds to its document beside the
 * response JSON, made from the listing as the server reads it back (without rooms and compliance,
 * mirrored photos by reference): the RESO Property record is one. Kept apart so that this package
 * need not know the views built on it, and a document made only to be searched (an alert's small
 * index) pays for none.
 */
@FunctionalInterface
public interface ListingRendering {
  /** Adds the rendering of {@code served} to {@code doc}. */
  void addTo(Document doc, JsonNode served);
}
