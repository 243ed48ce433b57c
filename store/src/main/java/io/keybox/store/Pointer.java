package io.keybox.store;

/**
 * The content of {@code <vendor>/current}: which manifest is the vendor's published commit.
 *
 * @param manifest the manifest's key relative to the vendor ({@code manifests/000000000007.json})
 * @param sequence that manifest's publication number
 */
public record Pointer(String manifest, long sequence) {
  public Pointer {
    if (!Layout.manifestName(sequence).equals(manifest)) {
      throw new IllegalArgumentException(
          "pointer must name manifest "
              + Layout.manifestName(sequence)
              + " for sequence "
              + sequence
              + " (got: '"
              + manifest
              + "')");
    }
  }

  /** The pointer to the manifest of publication {@code sequence}. */
  public static Pointer to(long sequence) {
    return new Pointer(Layout.manifestName(sequence), sequence);
  }
}
