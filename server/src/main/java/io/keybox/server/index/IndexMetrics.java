package io.keybox.server.index;

import io.prometheus.metrics.model.registry.MetricType;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricFamilyDescriptor;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The per-vendor gauges of {@code /-/metrics}, read from the vendors' {@link VendorStatus} once per
 * scrape: whether each vendor is served, and for a served one its record counts by kind, its index
 * generation and when its commit was published. Register it with the server's Prometheus registry
 * (the {@code metrics} package's {@code Metrics} takes it); nothing is stored between scrapes.
 */
public final class IndexMetrics implements MultiCollector {
  private static final MetricMetadata READY =
      new MetricMetadata(
          "keybox_vendor_ready",
          "1 when the vendor has an index being served, 0 when it has none yet.");
  private static final MetricMetadata DOCUMENTS =
      new MetricMetadata(
          "keybox_vendor_documents",
          "Records in the vendor's served index, by kind (listing, openhouse, agent).");
  private static final MetricMetadata GENERATION =
      new MetricMetadata(
          "keybox_vendor_index_generation",
          "Lucene commit generation of the vendor's served index.");
  private static final MetricMetadata LAST_REFRESH =
      new MetricMetadata(
          "keybox_vendor_last_refresh_timestamp_seconds",
          "When the indexer published the vendor's served commit (X-Service-LastUpdate), in Unix"
              + " seconds.",
          Unit.SECONDS);

  private final VendorStatus.Source vendors;

  /**
   * @param vendors the vendors to report, read at each scrape
   */
  public IndexMetrics(VendorStatus.Source vendors) {
    this.vendors = vendors;
  }

  /**
   * @throws UncheckedIOException when the vendors' status could not be read
   */
  @Override
  public MetricSnapshots collect() {
    List<VendorStatus> status;
    try {
      status = vendors.status();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the vendors' index status", e);
    }
    List<GaugeDataPointSnapshot> ready = new ArrayList<>();
    List<GaugeDataPointSnapshot> documents = new ArrayList<>();
    List<GaugeDataPointSnapshot> generation = new ArrayList<>();
    List<GaugeDataPointSnapshot> lastRefresh = new ArrayList<>();
    for (VendorStatus vendor : status) {
      Labels labels = Labels.of("vendor", vendor.vendor());
      ready.add(point(vendor.ready() ? 1 : 0, labels));
      vendor
          .index()
          .ifPresent(
              served -> {
                documents.add(point(served.listings(), labels.add("kind", "listing")));
                documents.add(point(served.openHouses(), labels.add("kind", "openhouse")));
                documents.add(point(served.agents(), labels.add("kind", "agent")));
                generation.add(point(served.generation(), labels));
                lastRefresh.add(
                    point(Unit.millisToSeconds(served.refreshTime().toEpochMilli()), labels));
              });
    }
    return MetricSnapshots.of(
        new GaugeSnapshot(READY, ready),
        new GaugeSnapshot(DOCUMENTS, documents),
        new GaugeSnapshot(GENERATION, generation),
        new GaugeSnapshot(LAST_REFRESH, lastRefresh));
  }

  /** The families, so that the registry refuses another of the same name. */
  @Override
  public List<MetricFamilyDescriptor> getMetricFamilyDescriptors() {
    return List.of(
        MetricFamilyDescriptor.of(MetricType.GAUGE, READY, Set.of("vendor")),
        MetricFamilyDescriptor.of(MetricType.GAUGE, DOCUMENTS, Set.of("vendor", "kind")),
        MetricFamilyDescriptor.of(MetricType.GAUGE, GENERATION, Set.of("vendor")),
        MetricFamilyDescriptor.of(MetricType.GAUGE, LAST_REFRESH, Set.of("vendor")));
  }

  private static GaugeDataPointSnapshot point(double value, Labels labels) {
    return GaugeDataPointSnapshot.builder().value(value).labels(labels).build();
  }
}
