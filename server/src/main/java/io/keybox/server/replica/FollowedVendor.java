package io.keybox.server.replica;

import io.keybox.store.FetchException;
import io.keybox.store.FetchResult;
import io.keybox.store.Fetcher;
import io.keybox.store.ReplicaFolder;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One vendor a {@link Replica} follows: its {@link Fetcher} and what its polls did (read by the
 * metrics and health). Polled by one thread at a time.
 */
final class FollowedVendor {
  private static final System.Logger LOG = System.getLogger(Replica.class.getName());

  final String vendor;
  private final Fetcher fetcher;
  private final Replica replica;
  volatile Instant lastSuccess;
  volatile Optional<String> lastError = Optional.empty();
  volatile long sequence;
  volatile long generation;
  volatile long downloadedFiles;
  volatile long downloadedBytes;
  volatile long failures;
  volatile Instant missingSince;

  /** Whether the last poll found the vendor's pointer (or failed, which proves nothing). */
  volatile boolean published = true;

  FollowedVendor(String vendor, Fetcher fetcher, Replica replica) {
    this.vendor = vendor;
    this.fetcher = fetcher;
    this.replica = replica;
  }

  void poll() {
    FetchResult result;
    try {
      result = fetcher.fetch();
    } catch (FetchException e) {
      failed(e.getMessage());
      return;
    } catch (RuntimeException e) {
      failed(e.toString());
      return;
    }
    published = result.outcome() != FetchResult.Outcome.NOT_PUBLISHED;
    if (lastError.isPresent()) {
      LOG.log(
          Level.INFO,
          "replica: vendor {0}: the store answers again (publication {1})",
          vendor,
          result.sequence());
    }
    lastError = Optional.empty();
    lastSuccess = replica.clock().instant();
    sequence = result.sequence();
    generation = result.generation();
    downloadedFiles += result.downloaded();
    downloadedBytes += result.downloadedBytes();
    if (result.outcome() == FetchResult.Outcome.UPDATED) {
      replica.refreshIndexes();
      LOG.log(
          Level.INFO,
          "replica: vendor {0}: fetched publication {1} (generation {2}): {3} files, {4} bytes"
              + " downloaded, {5} already here",
          vendor,
          result.sequence(),
          result.generation(),
          result.downloaded(),
          result.downloadedBytes(),
          result.reused());
    }
  }

  /**
   * The store did not list the vendor at {@code now}, or holds no pointer of it: dropped once
   * missing for staleAfter.
   */
  void missing(Instant now) {
    if (missingSince == null) {
      missingSince = now;
    }
    if (Duration.between(missingSince, now).compareTo(replica.staleAfter()) < 0) {
      return;
    }
    boolean held = ReplicaFolder.isReplica(replica.dataDir().resolve(vendor));
    try {
      fetcher.remove(); // current first: the refresh below stops serving the vendor
      replica.refreshIndexes();
      fetcher.remove(); // what the dropped snapshot read, unless a request still leases it
    } catch (IOException e) {
      failed("LOCAL_FAILURE: cannot remove the vendor's folder: " + e.getMessage());
      return;
    }
    replica.forget(this);
    if (!held) {
      return; // never fetched here: nothing was served
    }
    LOG.log(
        Level.WARNING,
        "replica: vendor {0} is not in {1} since {2}; no longer served",
        vendor,
        replica.storeName(),
        missingSince);
  }

  void failed(String why) {
    failures++;
    if (lastError.isEmpty()) {
      LOG.log(
          Level.WARNING,
          "replica: vendor {0}: fetch failed; serving its last good commit ({1})",
          vendor,
          why);
    }
    lastError = Optional.of(why);
  }
}
