package io.keybox.indexer.build;

import io.keybox.schema.VendorName;
import java.nio.file.Path;

/**
 * Where a vendor's files live under the data directory (OPERATIONS.md §4): {@code
 * DIR/<vendor>/index} (the Lucene index), {@code ids.tsv} (the listing id map), {@code
 * openhouse-ids.tsv} (the open house key map), {@code rejects.ndjson}.
 */
public record VendorLayout(Path dataDir, String vendor) {
  public VendorLayout {
    if (vendor == null || !VendorName.isValid(vendor)) {
      throw new IllegalArgumentException(
          "vendor must be 1-64 of a-z, 0-9, '_' and '-', starting with a letter or digit (got: '"
              + vendor
              + "')");
    }
  }

  public Path vendorDir() {
    return dataDir.resolve(vendor);
  }

  public Path indexDir() {
    return vendorDir().resolve("index");
  }

  public Path idMap() {
    return vendorDir().resolve("ids.tsv");
  }

  /** The open houses' openHouseId → openHouseKey map. */
  public Path openHouseKeys() {
    return vendorDir().resolve("openhouse-ids.tsv");
  }

  /** The mirrored photos' variants ({@code MediaFiles}), content-addressed. */
  public Path mediaDir() {
    return vendorDir().resolve("media");
  }

  public Path rejects() {
    return vendorDir().resolve("rejects.ndjson");
  }
}
