package io.keybox.server.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.server.search.ListingClusters.Cluster;
import io.keybox.server.search.ListingClusters.Result;

/** Compares two ways of computing the same clusters. */
final class ClusterResults {
  private ClusterResults() {}

  /**
   * Asserts that {@code actual} is {@code expected}: the same clusters in the same order with the
   * same counts, bounds, prices and mlsIds. Mean positions may differ in their last bits only (the
   * same latitudes added in another order).
   */
  static void assertSame(Result expected, Result actual) {
    assertEquals(expected.totalCount(), actual.totalCount(), "totalCount");
    assertEquals(expected.zoom(), actual.zoom(), "zoom");
    assertEquals(expected.clusters().size(), actual.clusters().size(), "clusters");
    for (int i = 0; i < expected.clusters().size(); i++) {
      Cluster want = expected.clusters().get(i);
      Cluster got = actual.clusters().get(i);
      String where = "cluster " + i + " of " + expected.clusters().size() + ": " + want;
      assertEquals(want.count(), got.count(), where);
      assertEquals(want.bounds(), got.bounds(), where);
      assertEquals(want.minPrice(), got.minPrice(), where);
      assertEquals(want.maxPrice(), got.maxPrice(), where);
      assertEquals(want.mlsId(), got.mlsId(), where);
      assertEquals(want.lat(), got.lat(), 1e-9, where);
      assertEquals(want.lng(), got.lng(), 1e-9, where);
    }
  }
}
