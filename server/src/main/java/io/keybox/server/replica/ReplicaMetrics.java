package io.keybox.server.replica;

import io.prometheus.metrics.model.registry.MetricType;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricFamilyDescriptor;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * The per-vendor families of a query node that follows a store ({@code /-/metrics}), read from its
 * {@link Replica} at each scrape, as {@code index/IndexMetrics} reads the served snapshots: the
 * publication held, the last successful poll, whether the vendor is stale, and counters of fetch
 * failures and of the files and bytes downloaded. A node that follows no store has none of them.
 */
public final class ReplicaMetrics implements MultiCollector {
  private static final MetricMetadata PUBLICATION =
      new MetricMetadata(
          "keybox_replica_publication", "Sequence number of the vendor's publication held.");
  private static final MetricMetadata LAST_SUCCESS =
      new MetricMetadata(
          "keybox_replica_last_success_timestamp_seconds",
          "When a poll of the store last succeeded for the vendor, in Unix seconds.",
          Unit.SECONDS);
  private static final MetricMetadata STALE =
      new MetricMetadata(
          "keybox_replica_stale",
          "1 when no poll of the store succeeded for the vendor within --replica-stale-after.");
  private static final MetricMetadata FAILURES =
      new MetricMetadata(
          "keybox_replica_fetch_failures",
          "Polls of the vendor that failed (store unreachable, corrupted object, bad publication).");
  private static final MetricMetadata FILES =
      new MetricMetadata(
          "keybox_replica_downloaded_files", "Files downloaded and verified for the vendor.");
  private static final MetricMetadata BYTES =
      new MetricMetadata(
          "keybox_replica_downloaded_bytes",
          "Bytes downloaded and verified for the vendor.",
          Unit.BYTES);
  private static final MetricMetadata LISTING_FAILURES =
      new MetricMetadata(
          "keybox_replica_listing_failures", "Polls whose listing of the store's vendors failed.");

  private final Replica replica;
  private final LongAdder listingFailures = new LongAdder();

  ReplicaMetrics(Replica replica) {
    this.replica = replica;
  }

  void pollFailed() {
    listingFailures.increment();
  }

  @Override
  public MetricSnapshots collect() {
    List<GaugeDataPointSnapshot> publication = new ArrayList<>();
    List<GaugeDataPointSnapshot> lastSuccess = new ArrayList<>();
    List<GaugeDataPointSnapshot> stale = new ArrayList<>();
    List<CounterDataPointSnapshot> failures = new ArrayList<>();
    List<CounterDataPointSnapshot> files = new ArrayList<>();
    List<CounterDataPointSnapshot> bytes = new ArrayList<>();
    for (FollowedVendor vendor : replica.followed()) {
      Labels labels = Labels.of("vendor", vendor.vendor);
      publication.add(gauge(vendor.sequence, labels));
      if (vendor.lastSuccess != null) {
        lastSuccess.add(gauge(Unit.millisToSeconds(vendor.lastSuccess.toEpochMilli()), labels));
      }
      stale.add(gauge(replica.stale(vendor) ? 1 : 0, labels));
      failures.add(counter(vendor.failures, labels));
      files.add(counter(vendor.downloadedFiles, labels));
      bytes.add(counter(vendor.downloadedBytes, labels));
    }
    return MetricSnapshots.of(
        new GaugeSnapshot(PUBLICATION, publication),
        new GaugeSnapshot(LAST_SUCCESS, lastSuccess),
        new GaugeSnapshot(STALE, stale),
        new CounterSnapshot(FAILURES, failures),
        new CounterSnapshot(FILES, files),
        new CounterSnapshot(BYTES, bytes),
        new CounterSnapshot(
            LISTING_FAILURES, List.of(counter(listingFailures.sum(), Labels.EMPTY))));
  }

  /** The families, so that the registry refuses another of the same name. */
  @Override
  public List<MetricFamilyDescriptor> getMetricFamilyDescriptors() {
    Set<String> vendor = Set.of("vendor");
    return List.of(
        MetricFamilyDescriptor.of(MetricType.GAUGE, PUBLICATION, vendor),
        MetricFamilyDescriptor.of(MetricType.GAUGE, LAST_SUCCESS, vendor),
        MetricFamilyDescriptor.of(MetricType.GAUGE, STALE, vendor),
        MetricFamilyDescriptor.of(MetricType.COUNTER, FAILURES, vendor),
        MetricFamilyDescriptor.of(MetricType.COUNTER, FILES, vendor),
        MetricFamilyDescriptor.of(MetricType.COUNTER, BYTES, vendor),
        MetricFamilyDescriptor.of(MetricType.COUNTER, LISTING_FAILURES, Set.of()));
  }

  private static GaugeDataPointSnapshot gauge(double value, Labels labels) {
    return GaugeDataPointSnapshot.builder().value(value).labels(labels).build();
  }

  private static CounterDataPointSnapshot counter(double value, Labels labels) {
    return CounterDataPointSnapshot.builder().value(value).labels(labels).build();
  }
}
