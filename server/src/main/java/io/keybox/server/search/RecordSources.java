package io.keybox.server.search;

import io.keybox.server.query.Include;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.StoredFields;

/**
 * A search's records read from their stored fields, with the parts {@link Include} asks for (the
 * listing sources and the open house sources load the same way).
 */
final class RecordSources {
  /** Reads one record, such as {@code ListingSource::load}. */
  @FunctionalInterface
  interface Loader<S> {
    S load(StoredFields stored, int doc, boolean withRooms, boolean withCompliance)
        throws IOException;
  }

  private RecordSources() {}

  /** The records of {@code docs}, in their order. */
  static <S> List<S> of(StoredFields stored, int[] docs, Include include, Loader<S> loader)
      throws IOException {
    List<S> records = new ArrayList<>(docs.length);
    for (int doc : docs) {
      records.add(loader.load(stored, doc, include.rooms(), include.compliance()));
    }
    return records;
  }
}
