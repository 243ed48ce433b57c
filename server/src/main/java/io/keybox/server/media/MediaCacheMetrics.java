package io.keybox.server.media;

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
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * The families of a query node's {@link StoreMediaCache} ({@code /-/metrics}): what it holds, and
 * what its fetches from the store did. A node without the cache has none of them.
 */
public final class MediaCacheMetrics implements MultiCollector {
  private static final MetricMetadata BYTES =
      new MetricMetadata(
          "keybox_media_cache_bytes", "Bytes of photo files in the cache.", Unit.BYTES);
  private static final MetricMetadata FILES =
      new MetricMetadata("keybox_media_cache_files", "Photo files in the cache.");
  private static final MetricMetadata FETCHES =
      new MetricMetadata(
          "keybox_media_cache_fetches",
          "Photo files asked of the store: fetched, missing there (404), or unavailable (503).");
  private static final MetricMetadata FETCHED_BYTES =
      new MetricMetadata(
          "keybox_media_cache_fetched_bytes",
          "Bytes of photo files fetched from the store.",
          Unit.BYTES);
  private static final MetricMetadata EVICTIONS =
      new MetricMetadata(
          "keybox_media_cache_evictions", "Photo files removed to keep under --media-cache.");

  final LongAdder fetched = new LongAdder();
  final LongAdder missing = new LongAdder();
  final LongAdder unavailable = new LongAdder();
  final LongAdder fetchedBytes = new LongAdder();
  final LongAdder evictions = new LongAdder();
  private final StoreMediaCache cache;

  MediaCacheMetrics(StoreMediaCache cache) {
    this.cache = cache;
  }

  @Override
  public MetricSnapshots collect() {
    StoreMediaCache.Held held = cache.held();
    return MetricSnapshots.of(
        new GaugeSnapshot(BYTES, List.of(gauge(held.bytes()))),
        new GaugeSnapshot(FILES, List.of(gauge(held.files()))),
        new CounterSnapshot(
            FETCHES,
            List.of(
                counter(fetched, "fetched"),
                counter(missing, "missing"),
                counter(unavailable, "unavailable"))),
        new CounterSnapshot(FETCHED_BYTES, List.of(counter(fetchedBytes, null))),
        new CounterSnapshot(EVICTIONS, List.of(counter(evictions, null))));
  }

  /** The families, so that the registry refuses another of the same name. */
  @Override
  public List<MetricFamilyDescriptor> getMetricFamilyDescriptors() {
    return List.of(
        MetricFamilyDescriptor.of(MetricType.GAUGE, BYTES, Set.of()),
        MetricFamilyDescriptor.of(MetricType.GAUGE, FILES, Set.of()),
        MetricFamilyDescriptor.of(MetricType.COUNTER, FETCHES, Set.of("outcome")),
        MetricFamilyDescriptor.of(MetricType.COUNTER, FETCHED_BYTES, Set.of()),
        MetricFamilyDescriptor.of(MetricType.COUNTER, EVICTIONS, Set.of()));
  }

  private static GaugeDataPointSnapshot gauge(double value) {
    return GaugeDataPointSnapshot.builder().value(value).labels(Labels.EMPTY).build();
  }

  private static CounterDataPointSnapshot counter(LongAdder count, String outcome) {
    return CounterDataPointSnapshot.builder()
        .value(count.sum())
        .labels(outcome == null ? Labels.EMPTY : Labels.of("outcome", outcome))
        .build();
  }
}
