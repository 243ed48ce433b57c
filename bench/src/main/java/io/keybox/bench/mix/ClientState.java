package io.keybox.bench.mix;

import java.util.Optional;
import java.util.Random;

/**
 * What one client remembers between its requests: its random draws and, for a replication walk, its
 * cursor. Each client of each system gets the same seed, so every system answers the same sequence
 * of requests.
 */
public final class ClientState {
  private final Random random;
  private final int client;
  private long cursor = -1;
  private boolean followsLinks;
  private String link;

  public ClientState(long seed, int client) {
    this.random = new Random(seed * 1_000_003L + client);
    this.client = client;
  }

  /** The client's random source. */
  public Random random() {
    return random;
  }

  /** The client's number, 0-based. */
  public int client() {
    return client;
  }

  /** The walk's cursor: the {@code lastId} of the next page, or -1 before the first page. */
  public long cursor() {
    return cursor;
  }

  /**
   * Records the cursor the last page handed back; -1 (no next page) restarts the walk at the
   * beginning.
   */
  public void cursor(long next) {
    this.cursor = next < 0 ? 0 : next;
  }

  /** Marks this client as walking by nextLinks, whose answers {@link #link(String)} records. */
  public void followLinks() {
    this.followsLinks = true;
  }

  /** Whether this client walks by nextLinks. */
  public boolean followsLinks() {
    return followsLinks;
  }

  /**
   * The query of the walk's next page (a nextLink's, after its {@code ?}), or empty before the
   * first page and after the last one: the walk then starts again from the beginning.
   */
  public Optional<String> link() {
    return Optional.ofNullable(link);
  }

  /**
   * Records the {@code @odata.nextLink} the last page handed back (absolute, or null at the end of
   * the walk).
   */
  public void link(String nextLink) {
    int query = nextLink == null ? -1 : nextLink.indexOf('?');
    this.link = query < 0 ? null : nextLink.substring(query + 1);
  }
}
