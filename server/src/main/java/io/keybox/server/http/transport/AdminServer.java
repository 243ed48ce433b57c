package io.keybox.server.http.transport;

import io.keybox.server.http.AdminListener;
import io.keybox.server.http.ListenException;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import java.net.InetSocketAddress;

/**
 * The admin listener's own small Undertow (one I/O thread, two workers): health checks and scrapes
 * are few, and keeping them off the main listener's threads means a saturated API still answers its
 * load balancer and Prometheus.
 */
public final class AdminServer implements AutoCloseable {
  private final Undertow undertow;

  private AdminServer(Undertow undertow) {
    this.undertow = undertow;
  }

  public static AdminServer start(AdminListener listener, HttpHandler chain) {
    Undertow undertow =
        Undertow.builder()
            .addHttpListener(listener.port(), listener.host())
            .setIoThreads(1)
            .setWorkerThreads(2)
            .setServerOption(UndertowOptions.DECODE_URL, false)
            .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, 0L)
            .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, 60_000)
            .setServerOption(UndertowOptions.IDLE_TIMEOUT, 120_000)
            .setHandler(chain)
            .build();
    try {
      undertow.start();
    } catch (RuntimeException e) {
      throw new ListenException("--admin-port", listener.host(), listener.port(), e);
    }
    return new AdminServer(undertow);
  }

  public int port() {
    return ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
  }

  @Override
  public void close() {
    undertow.stop();
  }
}
