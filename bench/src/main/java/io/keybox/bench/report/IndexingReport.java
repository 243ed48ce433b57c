package io.keybox.bench.report;

/**
 * What making a system queryable cost.
 *
 * @param system the system
 * @param listings listings indexed or loaded
 * @param seconds wall time until the data could be queried
 * @param dataBytes size on disk: the Lucene index, or the PostgreSQL tables
 * @param indexBytes for PostgreSQL, the size of its indexes (included nowhere else); 0 for Lucene,
 *     whose index is {@code dataBytes}
 * @param note how the time divides, or other remarks
 */
public record IndexingReport(
    String system, long listings, double seconds, long dataBytes, long indexBytes, String note) {
  public double listingsPerSecond() {
    return listings / seconds;
  }
}
