package io.keybox.server.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The exact text exposition of the per-vendor gauges, worked out by hand. */
class IndexMetricsTest {
  private static final VendorStatus AUSTIN = new VendorStatus("austin", Optional.empty());
  private static final VendorStatus HOUSTON =
      new VendorStatus(
          "houston",
          Optional.of(
              new VendorStatus.Served(
                  7, Instant.parse("2026-11-02T03:16:40.120Z"), 5000, 423, 200, 3)));

  private static String scrape(PrometheusRegistry registry) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(out, registry.scrape());
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void eachVendorIsReportedReadyOrNotAndAServedOneWithItsCommit() throws IOException {
    List<VendorStatus> status = new ArrayList<>(List.of(HOUSTON, AUSTIN));
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(new IndexMetrics(() -> status));
    assertEquals(
        """
        # HELP keybox_vendor_documents Records in the vendor's served index, by kind (listing, openhouse, agent).
        # TYPE keybox_vendor_documents gauge
        keybox_vendor_documents{kind="agent",vendor="houston"} 200.0
        keybox_vendor_documents{kind="listing",vendor="houston"} 5000.0
        keybox_vendor_documents{kind="openhouse",vendor="houston"} 423.0
        # HELP keybox_vendor_index_generation Lucene commit generation of the vendor's served index.
        # TYPE keybox_vendor_index_generation gauge
        keybox_vendor_index_generation{vendor="houston"} 7.0
        # HELP keybox_vendor_last_refresh_timestamp_seconds When the indexer published the vendor's served commit (X-Service-LastUpdate), in Unix seconds.
        # TYPE keybox_vendor_last_refresh_timestamp_seconds gauge
        keybox_vendor_last_refresh_timestamp_seconds{vendor="houston"} 1.79358940012E9
        # HELP keybox_vendor_ready 1 when the vendor has an index being served, 0 when it has none yet.
        # TYPE keybox_vendor_ready gauge
        keybox_vendor_ready{vendor="austin"} 0.0
        keybox_vendor_ready{vendor="houston"} 1.0
        """,
        scrape(registry));

    // Read again at each scrape: nothing is kept between them.
    status.remove(HOUSTON);
    assertEquals(
        """
        # HELP keybox_vendor_ready 1 when the vendor has an index being served, 0 when it has none yet.
        # TYPE keybox_vendor_ready gauge
        keybox_vendor_ready{vendor="austin"} 0.0
        """,
        scrape(registry));
  }

  @Test
  void aStatusThatCannotBeReadFailsTheScrape() {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(
        new IndexMetrics(
            () -> {
              throw new IOException("disk gone");
            }));
    assertThrows(UncheckedIOException.class, registry::scrape);
  }

  @Test
  void theFamiliesCannotBeRegisteredTwice() {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(new IndexMetrics(List::of));
    assertThrows(
        IllegalArgumentException.class, () -> registry.register(new IndexMetrics(List::of)));
  }
}
