package io.keybox.server.alerts;

import io.keybox.server.auth.Authenticator;
import io.keybox.server.http.KeyboxServer;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.media.PhotoFiles;
import io.keybox.server.replica.ReplicaStatus;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;

/** The tests' one way to start a server with saved searches on, as {@code serve --alerts} does. */
public final class AlertsServers {
  private AlertsServers() {}

  /**
   * Starts a loopback server over {@code indexes} (no admin listener, no access log) whose alerts
   * run on {@code dataDir}'s state with {@code settings} and {@code clock}; {@code started} is
   * given the alerts as soon as they run, so a caller can close them when the server then fails to
   * start.
   */
  public static KeyboxServer start(
      Path dataDir,
      VendorIndexes indexes,
      Authenticator authenticator,
      Alerts.Settings settings,
      Clock clock,
      Consumer<Alerts> started) {
    return KeyboxServer.start(
        ServerConfig.loopback(0),
        Optional.empty(),
        indexes,
        authenticator,
        new PrintStream(OutputStream.nullOutputStream()),
        ReplicaStatus.Source.NONE,
        registry -> {
          Alerts alerts =
              Alerts.start(dataDir, indexes, authenticator::accounts, settings, registry, clock);
          started.accept(alerts);
          return Optional.of(alerts.service());
        },
        PhotoFiles.local(indexes.dataDir()));
  }
}
