package io.keybox.store;

/**
 * What a publication did with the photos its commit shows (so far, while it runs).
 *
 * @param uploaded photos with at least one variant sent now
 * @param files variant files sent now
 * @param bytes their bytes
 * @param present photos whose every variant the store held already
 * @param missing photos the commit shows whose files are not on this machine (not sent; the next
 *     publication tries again)
 */
public record MediaCounts(int uploaded, int files, long bytes, int present, int missing) {
  /** Nothing done: a publication without photos. */
  public static final MediaCounts NONE = new MediaCounts(0, 0, 0, 0, 0);

  /** The photos dealt with: uploaded, present or missing. */
  public int photos() {
    return uploaded + present + missing;
  }
}
