package io.keybox.server;

import io.keybox.server.alerts.Alerts;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.BearerTokens;
import io.keybox.server.auth.KeysFileException;
import io.keybox.server.auth.KeysFileWatcher;
import io.keybox.server.http.AdminListener;
import io.keybox.server.http.KeyboxServer;
import io.keybox.server.http.Limits;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.media.PhotoFiles;
import io.keybox.server.media.StoreMediaCache;
import io.keybox.server.replica.Replica;
import io.keybox.server.replica.ReplicaStatus;
import io.keybox.server.tls.TlsIdentity;
import io.keybox.store.Store;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.OptionalInt;

/**
 * A running Keybox server as {@code keybox serve} starts it: the keys file watched, every vendor
 * index under the data directory opened and refreshed, on a query node the store it follows polled
 * into the data directory ({@link Replica}) and its photos fetched into a bounded cache ({@link
 * StoreMediaCache}), and the HTTP listener (and the admin one). {@link #close()} stops all of them.
 *
 * <pre>
 * try (Server server = Server.start(options, System.out)) {
 *   ... server.port() ...  // until the process is told to stop
 * }
 * </pre>
 */
public final class Server implements AutoCloseable {
  /** How often the indexes look for a new commit. */
  private static final long REFRESH_MILLIS = 500;

  private final KeysFileWatcher watcher;
  private final VendorIndexes indexes;
  private final Replica replica;
  private final Alerts alerts;
  private final KeyboxServer http;
  private boolean stopped;

  private Server(
      KeysFileWatcher watcher,
      VendorIndexes indexes,
      Replica replica,
      Alerts alerts,
      KeyboxServer http) {
    this.alerts = alerts;
    this.watcher = watcher;
    this.indexes = indexes;
    this.replica = replica;
    this.http = http;
  }

  /**
   * Starts serving; the access log goes to {@code accessLog}.
   *
   * @throws KeysFileException when the keys file cannot be read or is malformed
   * @throws IOException when the data directory cannot be read
   * @throws io.keybox.server.http.PlainHttpRefusedException when plain HTTP would take credentials
   *     on a public interface without a certificate or {@code behindProxy}
   * @throws io.keybox.server.http.ListenException when an address cannot be bound
   */
  public static Server start(ServerOptions options, PrintStream accessLog)
      throws KeysFileException, IOException {
    Authenticator authenticator = new Authenticator();
    if (options.tokenKey().isPresent()) {
      authenticator.acceptBearerTokens(
          BearerTokens.fromFile(options.tokenKey().get(), Clock.systemUTC()));
    }
    KeysFileWatcher watcher = KeysFileWatcher.start(options.keys(), authenticator);
    VendorIndexes indexes = null;
    Replica replica = null;
    PhotoFiles photos = PhotoFiles.local(options.dataDir());
    StoreMediaCache photoCache = null;
    Alerts[] alerts = new Alerts[1]; // made with the HTTP layer's metrics registry
    try {
      indexes = new VendorIndexes(options.dataDir(), REFRESH_MILLIS);
      indexes.start();
      if (options.replica().isPresent()) {
        // Before the listener: health reports the replication from the first request on.
        ServerOptions.Replica follow = options.replica().get();
        Store store = follow.store().open(follow.endpoint()); // the replica closes it
        replica =
            new Replica(store, options.dataDir(), indexes, follow.staleAfter(), Clock.systemUTC());
        photoCache =
            new StoreMediaCache(
                store, options.dataDir().resolve(StoreMediaCache.FOLDER), follow.mediaCacheBytes());
        photos = photoCache;
        replica.start(follow.poll());
      }
      VendorIndexes served = indexes;
      KeyboxServer http =
          KeyboxServer.start(
              config(options),
              options.admin().map(a -> new AdminListener(a.host(), a.port())),
              indexes,
              authenticator,
              accessLog,
              replica == null ? ReplicaStatus.Source.NONE : replica::replication,
              registry ->
                  options
                      .alerts()
                      .map(
                          settings -> {
                            alerts[0] =
                                Alerts.start(
                                    options.dataDir(),
                                    served,
                                    authenticator::accounts,
                                    settings,
                                    registry,
                                    Clock.systemUTC());
                            return alerts[0].service();
                          }),
              photos);
      if (replica != null) {
        http.metrics().registry().register(replica.metrics());
        http.metrics().registry().register(photoCache.metrics());
      }
      return new Server(watcher, indexes, replica, alerts[0], http);
    } catch (IOException | RuntimeException e) {
      try (watcher;
          Alerts matching = alerts[0];
          VendorIndexes opened = indexes;
          Replica following = replica) {
        // closes what was started, in reverse order
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  private static ServerConfig config(ServerOptions options) {
    return new ServerConfig(
        options.host(),
        options.port(),
        options.baseUrl(),
        options.offsetWindow(),
        options.behindProxy(),
        options.corsOrigins(),
        options.tls().map(TlsIdentity::context),
        new Limits(
            options.maxConcurrent(),
            options.maxQueued(),
            ServerOptions.QUEUE_TIMEOUT,
            options.idleTimeout(),
            options.requestTimeout(),
            options.maxUrlLength(),
            Limits.DEFAULT_MAX_HEADERS),
        options.responseCacheBytes(),
        options.pages(),
        options.photos(),
        options.exploreTiles());
  }

  /** The bound port (useful with port 0). */
  public int port() {
    return http.port();
  }

  /** The admin listener's bound port, when there is one. */
  public OptionalInt adminPort() {
    return http.adminPort();
  }

  /**
   * What a stop found and did: the API's requests in flight when it began, and how many of them
   * were answered before it ended (the others were cut off after the grace period).
   *
   * @param inFlight requests begun and not complete when the stop began
   * @param answered those of them complete when it ended
   */
  public record Stopped(int inFlight, int answered) {}

  /**
   * Stops listening, lets the requests in flight finish (a few seconds at most), then stops
   * following the store (a replica) and closes the indexes and the keys file watcher. A second call
   * does nothing and reports nothing in flight.
   */
  public synchronized Stopped stop() throws IOException {
    if (stopped) {
      return new Stopped(0, 0);
    }
    stopped = true;
    int inFlight = http.inFlight();
    long answered = http.answered();
    try (watcher;
        indexes;
        Replica following = replica;
        Alerts matching = alerts) {
      http.close();
    }
    return new Stopped(inFlight, (int) Math.min(inFlight, http.answered() - answered));
  }

  /** {@link #stop()}, without its report. */
  @Override
  public void close() throws IOException {
    stop();
  }
}
