package io.keybox.server.http;

import java.time.Duration;

/**
 * What the server takes from one request and one connection, so that no client can hold more than
 * its share: requests processed at once and how many may wait, timeouts, and request sizes.
 *
 * @param maxConcurrent requests processed at once; each holds a worker thread while it runs
 * @param maxQueued requests that may wait for a slot; beyond that a request gets 503 at once
 * @param queueTimeout how long a request may wait for a slot before it gets 503
 * @param idleTimeout a connection with no traffic for this long is closed (between requests, and
 *     while a response waits for a client that stopped reading)
 * @param requestTimeout the time a client has to send a whole request line and headers
 * @param maxUrlLength the longest request target (path and query) in bytes; longer gets 414
 * @param maxHeaders the most header lines a request may carry; more gets 431
 */
public record Limits(
    int maxConcurrent,
    int maxQueued,
    Duration queueTimeout,
    Duration idleTimeout,
    Duration requestTimeout,
    int maxUrlLength,
    int maxHeaders) {

  /** Requests processed at once by default: twice the cores, at least 4. */
  public static final int DEFAULT_MAX_CONCURRENT =
      Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

  /** Waiting requests by default: twice the concurrent ones. */
  public static final int DEFAULT_MAX_QUEUED = 2 * DEFAULT_MAX_CONCURRENT;

  public static final Duration DEFAULT_QUEUE_TIMEOUT = Duration.ofSeconds(2);
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

  /**
   * The longest URL by default: 64 KiB, room for the 1,000-point polygon API.md §7 allows (about 40
   * KB percent-encoded) and every filter.
   */
  public static final int DEFAULT_MAX_URL_LENGTH = 64 * 1024;

  public static final int DEFAULT_MAX_HEADERS = 100;

  /** Room the headers have beside the URL in the request head. */
  static final int HEADER_BYTES = 32 * 1024;

  public Limits {
    positive("maxConcurrent", maxConcurrent);
    if (maxQueued < 0) {
      throw new IllegalArgumentException("maxQueued must be >= 0 (got: " + maxQueued + ")");
    }
    positive("queueTimeout", queueTimeout);
    positive("idleTimeout", idleTimeout);
    positive("requestTimeout", requestTimeout);
    if (maxUrlLength < 256) {
      throw new IllegalArgumentException("maxUrlLength must be >= 256 (got: " + maxUrlLength + ")");
    }
    positive("maxHeaders", maxHeaders);
  }

  /** The defaults above. */
  public static Limits defaults() {
    return new Limits(
        DEFAULT_MAX_CONCURRENT,
        DEFAULT_MAX_QUEUED,
        DEFAULT_QUEUE_TIMEOUT,
        DEFAULT_IDLE_TIMEOUT,
        DEFAULT_REQUEST_TIMEOUT,
        DEFAULT_MAX_URL_LENGTH,
        DEFAULT_MAX_HEADERS);
  }

  /** The largest request head (request line and headers) in bytes; larger gets 431. */
  public int maxHeadBytes() {
    return maxUrlLength + HEADER_BYTES;
  }

  /** These limits with another concurrency cap and queue (tests, options). */
  public Limits withConcurrency(int maxConcurrent, int maxQueued) {
    return new Limits(
        maxConcurrent,
        maxQueued,
        queueTimeout,
        idleTimeout,
        requestTimeout,
        maxUrlLength,
        maxHeaders);
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be >= 1 (got: " + value + ")");
    }
  }

  private static void positive(String name, Duration value) {
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive (got: " + value + ")");
    }
  }
}
