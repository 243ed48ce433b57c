package io.keybox.indexer.build;

/**
 * A skipped record: the dump it came from ({@code listings}, {@code openhouses}, {@code agents} or
 * {@code media}), its line in that dump, and why.
 */
public record Reject(String dump, long line, String reason) {
  /** The dump name of listing rejects. */
  public static final String LISTINGS = "listings";

  /** The dump name of open house rejects. */
  public static final String OPEN_HOUSES = "openhouses";

  /** The dump name of agent rejects. */
  public static final String AGENTS = "agents";

  /** The dump name of Media record rejects. */
  public static final String MEDIA = "media";

  /** A reject of the listings dump. */
  public Reject(long line, String reason) {
    this(LISTINGS, line, reason);
  }
}
