package io.keybox.server.alerts;

import io.keybox.schema.listing.ListingSource;
import io.keybox.server.query.Include;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.index.StoredFields;

/**
 * The {@code /properties} JSON of one commit's listings, as deliveries carry it: made once per
 * listing and {@code include}, however many saved searches deliver that listing (a changed listing
 * in a popular city goes to hundreds). Loading and writing it again for each search was a third of
 * matching's time in the alerts bench's profile. The most recently made {@value #MAX_KEPT} are
 * kept, so a commit that changed the whole index does not hold it all in memory.
 *
 * <p>NOTE: not thread-safe, like the {@link StoredFields} it reads: one per matching.
 */
final class ListingJson {
  static final int MAX_KEPT = 10_000;

  private record Key(int doc, boolean rooms, boolean compliance) {}

  private final StoredFields stored;
  private final Map<Key, String> kept =
      new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, String> eldest) {
          return size() > MAX_KEPT;
        }
      };

  ListingJson(StoredFields stored) {
    this.stored = stored;
  }

  /** Document {@code doc}'s listing as {@code /properties} writes it for {@code include}. */
  String of(int doc, Include include) throws IOException {
    Key key = new Key(doc, include.rooms(), include.compliance());
    String json = kept.get(key);
    if (json == null) {
      ListingSource listing =
          ListingSource.load(stored, doc, include.rooms(), include.compliance());
      json =
          new String(
              listing.toBytes(include.rooms(), include.compliance()), StandardCharsets.UTF_8);
      kept.put(key, json);
    }
    return json;
  }
}
