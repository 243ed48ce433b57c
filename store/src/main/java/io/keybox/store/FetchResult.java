package io.keybox.store;

/**
 * What one {@link Fetcher#fetch} did.
 *
 * @param vendor the vendor
 * @param outcome what changed
 * @param sequence the publication the folder now holds (0 when none is known)
 * @param generation that publication's commit generation (0 when none is known)
 * @param downloaded objects downloaded and verified by this call
 * @param downloadedBytes their bytes
 * @param reused files of the publication already in the folder (or verified by an earlier,
 *     interrupted call) and so not downloaded
 * @param removed files of older commits removed because no snapshot used them any more
 */
public record FetchResult(
    String vendor,
    Outcome outcome,
    long sequence,
    long generation,
    int downloaded,
    long downloadedBytes,
    int reused,
    int removed) {

  /** What a fetch changed in the folder. */
  public enum Outcome {
    /** The store holds no publication of the vendor. */
    NOT_PUBLISHED,
    /** The folder already held the published commit (the pointer was unchanged, or matched). */
    UNCHANGED,
    /** A new commit was installed; the snapshot refresh will pick it up. */
    UPDATED
  }
}
