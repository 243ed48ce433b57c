package io.keybox.bench.mix;

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
}
