package io.keybox.server.alerts;

import io.keybox.state.alerts.Delivery;
import io.keybox.state.alerts.Outbox;
import io.keybox.state.alerts.SavedSearch;
import io.keybox.state.alerts.SavedSearches;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sends the outbox's due deliveries as Standard Webhooks (issue 35, point 3) on its own threads:
 * POST of the stored body with {@code webhook-id} (the delivery's, the same on every attempt),
 * {@code webhook-timestamp} and {@code webhook-signature}; 10 s to answer; redirects never
 * followed. A 2xx is delivered; 410 fails the delivery and disables the search; anything else
 * (another status, a timeout, a refused connection, a refused address) is retried on the {@link
 * RetrySchedule}, and after the last retry fails for good, disabling the search after {@link
 * #DISABLE_AFTER_FAILED} such deliveries in a row.
 *
 * <p>At-least-once: an attempt's outcome is written after the receiver answered, so a crash in
 * between sends the same delivery again, under the same id (receivers deduplicate by it).
 *
 * <p>DNS rebinding: the webhook's host is resolved and every address vetted ({@link
 * WebhookTarget#resolve}) right before each attempt, and the JDK client then resolves the same name
 * through the same JVM-wide address cache ({@code networkaddress.cache.ttl}, 30 s by default), so
 * it connects to an address that was just vetted. Connecting to the vetted IP itself would need the
 * {@code Host} header (restricted in the JDK client) and our own certificate name check for https;
 * the cache gives the same guarantee with the JDK's own TLS checks. NOTE: an operator who sets the
 * cache TTL to 0 reopens a window of milliseconds between check and connect.
 */
public final class Deliverer implements AutoCloseable {
  /** Deliveries failed for good in a row after which a search is disabled. */
  public static final int DISABLE_AFTER_FAILED = 5;

  /** How long a receiver has to answer. */
  public static final Duration TIMEOUT = Duration.ofSeconds(10);

  private static final Logger LOG = System.getLogger(Deliverer.class.getName());
  private static final int BATCH = 256;

  private final Outbox outbox;
  private final SavedSearches searches;
  private final WebhookTarget target;
  private final Clock clock;
  private final AlertsMetrics metrics;
  private final HttpClient client;
  private final ExecutorService senders;
  private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
  private final Object signal = new Object();
  private final AtomicBoolean running = new AtomicBoolean();
  private Thread loop;
  private boolean woken;

  public Deliverer(
      Outbox outbox,
      SavedSearches searches,
      WebhookTarget target,
      Clock clock,
      AlertsMetrics metrics,
      int threads) {
    this.outbox = outbox;
    this.searches = searches;
    this.target = target;
    this.clock = clock;
    this.metrics = metrics;
    this.senders =
        Executors.newFixedThreadPool(
            threads, Thread.ofPlatform().name("keybox-webhook-", 0).daemon().factory());
    this.client =
        HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(TIMEOUT)
            .build();
  }

  /** Starts the thread that sends due deliveries until {@link #close}. */
  public void start() {
    running.set(true);
    loop = Thread.ofPlatform().name("keybox-deliverer").daemon().start(this::run);
  }

  /** Tells the thread new deliveries may be due. */
  public void wake() {
    synchronized (signal) {
      woken = true;
      signal.notifyAll();
    }
  }

  private void run() {
    while (running.get()) {
      try {
        int sent = deliverDue();
        if (sent == 0) {
          waitForWork();
        }
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, "alerts: delivering failed; trying again shortly", e);
        sleepQuietly(1000);
      }
    }
  }

  private void waitForWork() {
    long waitMillis =
        outbox
            .nextDue()
            .map(next -> Duration.between(clock.instant(), next).toMillis())
            .orElse(1000L);
    synchronized (signal) {
      if (!woken && waitMillis > 0) {
        try {
          signal.wait(Math.min(1000, Math.max(1, waitMillis)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          running.set(false);
        }
      }
      woken = false;
    }
  }

  /**
   * Sends every delivery due now (by the clock), in parallel on the senders, and waits for them.
   *
   * @return how many were attempted
   */
  public int deliverDue() {
    List<Delivery> due = outbox.due(clock.instant(), BATCH);
    List<Future<?>> attempts = new ArrayList<>();
    for (Delivery delivery : due) {
      if (inFlight.add(delivery.id())) {
        attempts.add(
            senders.submit(
                () -> {
                  try {
                    attempt(delivery);
                  } finally {
                    inFlight.remove(delivery.id());
                  }
                }));
      }
    }
    for (Future<?> attempt : attempts) {
      try {
        attempt.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      } catch (java.util.concurrent.ExecutionException e) {
        LOG.log(Level.WARNING, "alerts: a delivery attempt failed unexpectedly", e.getCause());
      }
    }
    return attempts.size();
  }

  /** One attempt of {@code delivery}, its outcome recorded. */
  void attempt(Delivery delivery) {
    Optional<SavedSearch> found = searches.find(delivery.searchId());
    if (found.isEmpty()) {
      return; // deleted meanwhile, with its deliveries
    }
    SavedSearch search = found.get();
    if (!search.enabled()) {
      outbox.failed(delivery, OptionalInt.empty(), "the search is disabled", false, null, 0);
      metrics.attempt(AlertsMetrics.FAILED);
      return;
    }
    OptionalInt status = OptionalInt.empty();
    String error;
    try {
      URI uri = URI.create(search.webhook());
      target.resolve(uri);
      long timestamp = clock.instant().getEpochSecond();
      HttpRequest request =
          HttpRequest.newBuilder(uri)
              .timeout(TIMEOUT)
              .header("Content-Type", "application/json")
              .header("User-Agent", "Keybox-Webhooks/1")
              .header("webhook-id", delivery.id())
              .header("webhook-timestamp", Long.toString(timestamp))
              .header(
                  "webhook-signature",
                  WebhookSignature.sign(search.secret(), delivery.id(), timestamp, delivery.body()))
              .POST(HttpRequest.BodyPublishers.ofByteArray(delivery.body()))
              .build();
      HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
      int code = response.statusCode();
      status = OptionalInt.of(code);
      if (code >= 200 && code < 300) {
        outbox.delivered(delivery, code);
        metrics.attempt(AlertsMetrics.DELIVERED);
        return;
      }
      if (code == 410) {
        outbox.failed(
            delivery,
            status,
            "the receiver answered 410 Gone",
            true,
            "the receiver answered 410 Gone",
            DISABLE_AFTER_FAILED);
        metrics.attempt(AlertsMetrics.GONE);
        LOG.log(Level.INFO, "alerts: search {0} disabled: its receiver answered 410", search.id());
        return;
      }
      error =
          code >= 300 && code < 400
              ? "the receiver answered " + code + " (redirects are not followed)"
              : "the receiver answered " + code;
    } catch (WebhookTarget.RefusedTargetException e) {
      error = e.getMessage();
    } catch (HttpTimeoutException e) {
      error = "no answer within " + TIMEOUT.toSeconds() + " s";
    } catch (ConnectException e) {
      error =
          "cannot connect ("
              + (e.getMessage() == null ? "connection refused" : e.getMessage())
              + ")";
    } catch (IOException | IllegalArgumentException e) {
      error = "cannot deliver (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return; // stopping: the delivery stays pending and is sent after the restart
    }
    failedAttempt(delivery, search, status, error);
  }

  private void failedAttempt(
      Delivery delivery, SavedSearch search, OptionalInt status, String error) {
    Optional<Duration> retry = RetrySchedule.after(delivery.attempts() + 1);
    if (retry.isPresent()) {
      outbox.retry(delivery, status, error, retry.get());
      metrics.attempt(AlertsMetrics.RETRY);
      return;
    }
    boolean disabled =
        outbox.failed(
            delivery,
            status,
            error,
            false,
            DISABLE_AFTER_FAILED + " deliveries in a row failed",
            DISABLE_AFTER_FAILED);
    metrics.attempt(AlertsMetrics.FAILED);
    LOG.log(
        Level.WARNING,
        "alerts: delivery {0} of search {1} failed for good: {2}{3}",
        delivery.id(),
        search.id(),
        error,
        disabled ? "; the search is disabled" : "");
  }

  private static void sleepQuietly(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    running.set(false);
    // Attempts under way are cut short and record nothing: each stays pending, and is sent again
    // under its id after the restart, as after a crash.
    senders.shutdownNow();
    wake();
    try {
      if (loop != null) {
        loop.join(TIMEOUT.toMillis());
      }
      senders.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    client.shutdownNow();
  }
}
