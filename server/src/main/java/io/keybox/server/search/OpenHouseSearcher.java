package io.keybox.server.search;

import io.keybox.schema.listing.IdxRule;
import io.keybox.schema.openhouse.OpenHouseFields;
import io.keybox.schema.openhouse.OpenHouseQueries;
import io.keybox.schema.openhouse.OpenHouseSource;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.index.Snapshot;
import io.keybox.server.query.FilterQueryBuilder;
import io.keybox.server.query.Include;
import io.keybox.server.query.OpenHouseSearchRequest;
import io.keybox.server.search.exec.SortOrder;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;

/** Runs open house searches and lookups on a snapshot. Stateless; safe for concurrent use. */
public final class OpenHouseSearcher {
  /** One page of open houses, each with its listing. */
  public record OpenHousePage(List<OpenHouseSource> openHouses, PageHits hits)
      implements ResultPage {}

  /**
   * Searches {@code snapshot}.
   *
   * @throws InvalidRequestException {@code offset too high} when a page past the first is empty
   */
  public OpenHousePage search(Snapshot snapshot, OpenHouseSearchRequest request)
      throws IOException {
    IndexSearcher searcher = snapshot.searcher();
    PageHits hits =
        Pager.page(
            searcher,
            FilterQueryBuilder.build(request.filter()),
            SortOrder.missingLast(
                request.sort().sort(request.descending()), request.sort().hasKey()),
            Optional.of(OpenHouseFields.OPEN_HOUSE_KEY),
            request.paging());
    StoredFields stored = searcher.storedFields();
    return new OpenHousePage(
        RecordSources.of(stored, hits.docs(), request.include(), OpenHouseSource::load), hits);
  }

  /**
   * The open house {@code openHouseKey}, if it exists and {@code idx} admits its listing.
   *
   * @throws NotFoundException otherwise
   */
  public OpenHouseSource get(Snapshot snapshot, long openHouseKey, IdxRule idx, Include include)
      throws IOException {
    IndexSearcher searcher = snapshot.searcher();
    int doc =
        RecordLookup.admitted(
            searcher, OpenHouseQueries.byKey(openHouseKey), idx, "open house " + openHouseKey);
    return OpenHouseSource.load(
        searcher.storedFields(), doc, include.rooms(), include.compliance());
  }
}
