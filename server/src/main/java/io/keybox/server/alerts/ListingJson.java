package io.keybox.server.alerts;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.keybox.schema.listing.ListingSource;
import io.keybox.server.query.Include;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;

/**
 * The {@code /properties} JSON of one commit's listings, as deliveries carry it: made once per
 * listing and {@code include}, however many saved searches deliver that listing (a changed listing
 * in a popular city goes to hundreds). Loading and writing it again for each search was a third of
 * matching's time in the alerts bench's profile. It is kept as a {@link SerializedString}, whose
 * UTF-8 bytes are encoded once and then copied into each body (encoding the text again for every
 * body was most of writing them in a later profile). The most recently made {@value #MAX_KEPT} are
 * kept, so a commit that changed the whole index does not hold it all in memory.
 *
 * <p>The listings made are shared between the threads of one matching; each thread reads stored
 * fields through its own instance ({@link #forThread()}), as {@link StoredFields} are not
 * thread-safe.
 */
final class ListingJson {
  static final int MAX_KEPT = 10_000;

  private record Key(int doc, boolean rooms, boolean compliance) {}

  private final IndexSearcher searcher;
  private final StoredFields stored;

  /** Guarded by itself: shared by every thread's instance. */
  private final Map<Key, SerializableString> kept;

  /** The listings of {@code searcher}'s index (a snapshot's), for the calling thread. */
  ListingJson(IndexSearcher searcher) throws IOException {
    this(
        searcher,
        new LinkedHashMap<>(256, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Key, SerializableString> eldest) {
            return size() > MAX_KEPT;
          }
        });
  }

  private ListingJson(IndexSearcher searcher, Map<Key, SerializableString> kept)
      throws IOException {
    this.searcher = searcher;
    this.stored = searcher.storedFields();
    this.kept = kept;
  }

  /** The same listings, for another thread: what either makes, the other finds. */
  ListingJson forThread() throws IOException {
    return new ListingJson(searcher, kept);
  }

  /** Document {@code doc}'s listing as {@code /properties} writes it for {@code include}. */
  SerializableString of(int doc, Include include) throws IOException {
    Key key = new Key(doc, include.rooms(), include.compliance());
    synchronized (kept) {
      SerializableString json = kept.get(key);
      if (json != null) {
        return json;
      }
    }
    // Made outside the lock (two threads may both make it: the same bytes); encoded once here.
    ListingSource listing = ListingSource.load(stored, doc, include.rooms(), include.compliance());
    SerializedString json =
        new SerializedString(
            new String(
                listing.toBytes(include.rooms(), include.compliance()), StandardCharsets.UTF_8));
    json.asUnquotedUTF8();
    synchronized (kept) {
      kept.put(key, json);
    }
    return json;
  }
}
