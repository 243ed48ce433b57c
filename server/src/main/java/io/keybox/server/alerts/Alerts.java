package io.keybox.server.alerts;

import io.keybox.server.auth.Account;
import io.keybox.server.auth.Accounts;
import io.keybox.server.auth.Addon;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.state.StateStore;
import io.keybox.state.alerts.MatchLedger;
import io.keybox.state.alerts.Outbox;
import io.keybox.state.alerts.SavedSearch;
import io.keybox.state.alerts.SavedSearches;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Saved searches and their alerts on the one node that runs them ({@code serve --alerts}): the data
 * directory's state store, the {@code /searches} operations, a matcher that runs each vendor's new
 * commit (told by the index's warm-up hook, on its own thread, so no refresh waits for it), and the
 * {@link Deliverer}.
 *
 * <pre>
 * try (Alerts alerts = Alerts.start(dataDir, indexes, authenticator::accounts, settings, registry, clock)) {
 *   ... alerts.service() ...
 * }
 * </pre>
 */
public final class Alerts implements AutoCloseable {
  private static final Logger LOG = System.getLogger(Alerts.class.getName());

  /**
   * What alerts run with.
   *
   * @param allowPrivate plain http and private addresses allowed ({@code --alerts-allow-private})
   * @param maxSearchesPerKey the most saved searches of one key ({@code --max-searches-per-key})
   * @param senderThreads deliveries sent at once
   */
  public record Settings(boolean allowPrivate, int maxSearchesPerKey, int senderThreads) {
    public Settings {
      if (maxSearchesPerKey < 1) {
        throw new IllegalArgumentException(
            "maxSearchesPerKey must be >= 1 (got: " + maxSearchesPerKey + ")");
      }
      if (senderThreads < 1) {
        throw new IllegalArgumentException(
            "senderThreads must be >= 1 (got: " + senderThreads + ")");
      }
    }
  }

  private final StateStore store;
  private final VendorIndexes indexes;
  private final Supplier<Accounts> accounts;
  private final SavedSearches searches;
  private final CommitMatcher matcher;
  private final SavedSearchService service;
  private final Deliverer deliverer;
  private final AlertsMetrics metrics;
  private final ExecutorService matching =
      Executors.newSingleThreadExecutor(
          Thread.ofPlatform().name("keybox-alert-matcher").daemon().factory());

  private Alerts(
      StateStore store,
      VendorIndexes indexes,
      Supplier<Accounts> accounts,
      Settings settings,
      PrometheusRegistry registry,
      Clock clock) {
    this.store = store;
    this.indexes = indexes;
    this.accounts = accounts;
    this.searches = new SavedSearches(store, clock);
    Outbox outbox = new Outbox(store, clock);
    WebhookTarget target = new WebhookTarget(settings.allowPrivate());
    this.metrics = new AlertsMetrics(registry, searches, outbox, clock);
    this.matcher = new CommitMatcher(new MatchLedger(store, clock), new DeliveryPayload());
    this.service =
        new SavedSearchService(searches, outbox, target, settings.maxSearchesPerKey(), clock);
    this.deliverer =
        new Deliverer(outbox, searches, target, clock, metrics, settings.senderThreads());
  }

  /**
   * Opens the state store of {@code dataDir}, starts the deliverer (the outbox's pending deliveries
   * go out at once) and matches each vendor's commits as they are served.
   */
  public static Alerts start(
      Path dataDir,
      VendorIndexes indexes,
      Supplier<Accounts> accounts,
      Settings settings,
      PrometheusRegistry registry,
      Clock clock) {
    StateStore store = StateStore.open(dataDir);
    try {
      Alerts alerts = new Alerts(store, indexes, accounts, settings, registry, clock);
      alerts.deliverer.start();
      indexes.warmUp(snapshot -> alerts.matchSoon(snapshot.vendor()));
      return alerts;
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
  }

  /** The {@code /searches} operations. */
  public SavedSearchService service() {
    return service;
  }

  /** Queues the matching of {@code vendor}'s current commit. */
  public void matchSoon(String vendor) {
    matching.execute(() -> matchNow(vendor));
  }

  /**
   * Matches {@code vendor}'s current commit now, on the caller's thread, and wakes the deliverer.
   * One matching at a time: a commit is matched once, whoever asks.
   *
   * @return what matching did
   */
  public synchronized CommitMatcher.Outcome matchNow(String vendor) {
    try (Lease lease = indexes.lease(vendor)) {
      CommitMatcher.Outcome outcome = matcher.match(lease.snapshot(), searchesOf(vendor));
      if (outcome.matched()) {
        metrics.committed();
        LOG.log(
            Level.INFO,
            "alerts: vendor {0} generation {1}: {2} changed listings, {3} deliveries",
            vendor,
            outcome.generation(),
            outcome.candidates(),
            outcome.deliveries());
      }
      if (outcome.deliveries() > 0) {
        deliverer.wake();
      }
      return outcome;
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "alerts: cannot match vendor " + vendor + "; the next commit will", e);
      throw e instanceof RuntimeException r ? r : new java.io.UncheckedIOException((IOException) e);
    }
  }

  /** The deliverer (tests drive it with their own clock). */
  public Deliverer deliverer() {
    return deliverer;
  }

  /** The enabled searches of {@code vendor} whose keys may still read it and use alerts. */
  private List<SavedSearch> searchesOf(String vendor) {
    Accounts known = accounts.get();
    return searches.enabled(vendor).stream()
        .filter(
            search ->
                known.find(search.apiKey()).filter(account -> mayUse(account, vendor)).isPresent())
        .toList();
  }

  @Override
  public void close() {
    matching.shutdown();
    try {
      matching.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    deliverer.close();
    store.close();
  }

  /** Whether {@code account}'s searches of {@code vendor} are matched. */
  static boolean mayUse(Account account, String vendor) {
    return account.has(Addon.ALERTS) && account.mayRead(vendor);
  }
}
