package io.keybox.bench.mix;

/** The API resource a request reads (API.md §7–§10). */
public enum Endpoint {
  /** {@code GET /properties}: a page of listings. */
  SEARCH,
  /** {@code GET /properties/{mlsId}}: one listing. */
  LISTING,
  /** {@code GET /openhouses}: a page of open houses with their listings. */
  OPEN_HOUSES,
  /** {@code GET /properties/analytics}: statistics over every match. */
  ANALYTICS,
  /** {@code GET /properties/clusters}: the matches in a viewport, grouped by map tile. */
  CLUSTERS,
  /**
   * {@code GET /reso/{vendor}/Property}: listings through the RESO Web API (OData); Keybox only
   * ({@link Mix#resoOnly}).
   */
  RESO_PROPERTY
}
