package io.keybox.server.mirror;

import io.keybox.state.media.FailureKind;
import io.keybox.state.media.MediaState;
import io.keybox.state.media.MediaSummary;
import io.prometheus.metrics.model.registry.MetricType;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricFamilyDescriptor;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The photo mirror's gauges of {@code /-/metrics}, per vendor, from {@link MirrorStatus} at each
 * scrape: photos by state, the failed ones by why, and the bytes of the variants on disk. Every
 * state and reason is reported, 0 included, so a rate or an alert over them has a series from the
 * start.
 */
public final class MirrorMetrics implements MultiCollector {
  private static final MetricMetadata PHOTOS =
      new MetricMetadata(
          "keybox_media_photos",
          "Photos in the vendor's media catalog by state: mirrored (served), pending (to"
              + " download), failed (given up on), gone (listing left the index; files deleted"
              + " after --media-keep-days).");
  private static final MetricMetadata FAILED =
      new MetricMetadata(
          "keybox_media_failed_photos",
          "Photos given up on, by reason: not_found, refused, too_large, not_an_image,"
              + " http_error, gave_up (every retry failed), bad_url, other.");
  private static final MetricMetadata DISK =
      new MetricMetadata(
          "keybox_media_disk_bytes",
          "Bytes of the vendor's mirrored photo variants on disk (a picture shared by several"
              + " photos counted once).",
          Unit.BYTES);

  private final MirrorStatus status;

  public MirrorMetrics(MirrorStatus status) {
    this.status = status;
  }

  @Override
  public MetricSnapshots collect() {
    List<GaugeDataPointSnapshot> photos = new ArrayList<>();
    List<GaugeDataPointSnapshot> failed = new ArrayList<>();
    List<GaugeDataPointSnapshot> disk = new ArrayList<>();
    for (MediaSummary.Vendor vendor : status.vendors()) {
      Labels labels = Labels.of("vendor", vendor.vendor());
      for (MediaState state : MediaState.values()) {
        photos.add(
            point(vendor.count(state), labels.add("state", state.name().toLowerCase(Locale.ROOT))));
      }
      for (FailureKind kind : FailureKind.values()) {
        failed.add(
            point(vendor.failed().getOrDefault(kind, 0L), labels.add("reason", kind.label())));
      }
      disk.add(point(vendor.bytesOnDisk(), labels));
    }
    return MetricSnapshots.of(
        new GaugeSnapshot(PHOTOS, photos),
        new GaugeSnapshot(FAILED, failed),
        new GaugeSnapshot(DISK, disk));
  }

  /** The families, so that the registry refuses another of the same name. */
  @Override
  public List<MetricFamilyDescriptor> getMetricFamilyDescriptors() {
    return List.of(
        MetricFamilyDescriptor.of(MetricType.GAUGE, PHOTOS, Set.of("vendor", "state")),
        MetricFamilyDescriptor.of(MetricType.GAUGE, FAILED, Set.of("vendor", "reason")),
        MetricFamilyDescriptor.of(MetricType.GAUGE, DISK, Set.of("vendor")));
  }

  private static GaugeDataPointSnapshot point(double value, Labels labels) {
    return GaugeDataPointSnapshot.builder().value(value).labels(labels).build();
  }
}
