package io.keybox.server.http.transport;

import io.keybox.server.http.Limits;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.http.edge.AccessLog;
import io.undertow.UndertowOptions;
import io.undertow.protocols.ssl.UndertowXnioSsl;
import io.undertow.server.DefaultByteBufferPool;
import io.undertow.server.HttpHandler;
import io.undertow.server.OpenListener;
import io.undertow.server.handlers.GracefulShutdownHandler;
import io.undertow.server.protocol.http.AlpnOpenListener;
import io.undertow.server.protocol.http.HttpOpenListener;
import io.undertow.server.protocol.http2.Http2OpenListener;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import org.xnio.ChannelListener;
import org.xnio.ChannelListeners;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.StreamConnection;
import org.xnio.Xnio;
import org.xnio.XnioWorker;
import org.xnio.channels.AcceptingChannel;

/**
 * The listening socket: XNIO and Undertow's protocol listeners wired as Undertow's own builder
 * does, plus two things the builder cannot do. Each HTTP/1.1 connection gets Keybox's conduits
 * ({@link StrictHttpOpenListener}) so that requests Undertow rejects itself get a JSON error; and
 * with TLS, HTTP/2 is offered by ALPN next to HTTP/1.1.
 *
 * <p>Worker threads are sized for {@link Limits#maxConcurrent}: only admitted requests run on them.
 */
public final class Connector implements AutoCloseable {
  /** Undertow's I/O buffer size, as its own builder picks when memory allows. */
  private static final int BUFFER_SIZE = 16 * 1024;

  /**
   * Undertow's own limit on query parameters, above what a URL within the limits can hold: {@code
   * query.Params} refuses more than it allows with a JSON 400 naming the limit.
   */
  private static final int UNDERTOW_MAX_PARAMETERS = 1 << 17;

  /** No endpoint takes a request body; a client that sends one may not send much. */
  private static final long MAX_ENTITY_SIZE = 64 * 1024;

  /** How long a stop waits for the requests in flight. */
  private static final long GRACE_MILLIS = 5_000;

  private final XnioWorker worker;
  private final AcceptingChannel<? extends StreamConnection> server;

  /** Lets the requests in flight finish on close; new ones meanwhile get 503. */
  private final GracefulShutdownHandler graceful;

  /** Requests begun and not yet complete, for the line the server prints when it stops. */
  private final AtomicInteger inFlight;

  /** Requests whose response was sent whole. */
  private final AtomicLong answered;

  private Connector(
      XnioWorker worker,
      AcceptingChannel<? extends StreamConnection> server,
      GracefulShutdownHandler graceful,
      AtomicInteger inFlight,
      AtomicLong answered) {
    this.worker = worker;
    this.server = server;
    this.graceful = graceful;
    this.inFlight = inFlight;
    this.answered = answered;
  }

  /**
   * Binds {@code config}'s host and port and serves {@code handler}.
   *
   * @throws IOException when the address cannot be bound
   */
  public static Connector start(ServerConfig config, HttpHandler handler, AccessLog accessLog)
      throws IOException {
    AtomicInteger inFlight = new AtomicInteger();
    AtomicLong answered = new AtomicLong();
    GracefulShutdownHandler graceful = new GracefulShutdownHandler(handler);
    HttpHandler root =
        exchange -> {
          inFlight.incrementAndGet();
          exchange.addExchangeCompleteListener(
              (done, next) -> {
                inFlight.decrementAndGet();
                if (done.isResponseComplete()) {
                  answered.incrementAndGet();
                }
                next.proceed();
              });
          graceful.handleRequest(exchange);
        };
    Limits limits = config.limits();
    int ioThreads = Math.max(2, Runtime.getRuntime().availableProcessors());
    Xnio xnio = Xnio.getInstance(io.undertow.Undertow.class.getClassLoader());
    XnioWorker worker =
        xnio.createWorker(
            OptionMap.builder()
                .set(Options.WORKER_IO_THREADS, ioThreads)
                .set(Options.WORKER_TASK_CORE_THREADS, limits.maxConcurrent() + 4)
                .set(Options.WORKER_TASK_MAX_THREADS, limits.maxConcurrent() + 4)
                .set(Options.TCP_NODELAY, true)
                .set(Options.CORK, true)
                .getMap());
    try {
      OptionMap socketOptions =
          OptionMap.builder()
              .set(Options.WORKER_IO_THREADS, ioThreads)
              .set(Options.TCP_NODELAY, true)
              .set(Options.REUSE_ADDRESSES, true)
              .set(Options.BALANCING_TOKENS, 1)
              .set(Options.BALANCING_CONNECTIONS, 2)
              .set(Options.BACKLOG, 1000)
              .getMap();
      OptionMap undertowOptions = undertowOptions(config);
      DefaultByteBufferPool buffers = new DefaultByteBufferPool(true, BUFFER_SIZE, -1, 4);

      StrictHttpOpenListener strict =
          new StrictHttpOpenListener(
              new HttpOpenListener(buffers, undertowOptions), root, limits, accessLog);
      InetSocketAddress address =
          new InetSocketAddress(InetAddress.getByName(config.host()), config.port());
      AcceptingChannel<? extends StreamConnection> server;
      if (config.tls().isPresent()) {
        server =
            startTls(
                xnio,
                worker,
                config.tls().get(),
                address,
                socketOptions,
                buffers,
                undertowOptions,
                strict,
                root);
      } else {
        ChannelListener<AcceptingChannel<StreamConnection>> accept =
            ChannelListeners.openListenerAdapter(strict);
        server = worker.createStreamConnectionServer(address, accept, socketOptions);
      }
      server.resumeAccepts();
      return new Connector(worker, server, graceful, inFlight, answered);
    } catch (IOException | RuntimeException e) {
      worker.shutdownNow();
      throw e;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static AcceptingChannel<? extends StreamConnection> startTls(
      Xnio xnio,
      XnioWorker worker,
      SSLContext context,
      InetSocketAddress address,
      OptionMap socketOptions,
      DefaultByteBufferPool buffers,
      OptionMap undertowOptions,
      StrictHttpOpenListener http1,
      HttpHandler root)
      throws IOException {
    AlpnOpenListener alpn = new AlpnOpenListener(buffers, undertowOptions, http1);
    Http2OpenListener http2 = new Http2OpenListener(buffers, undertowOptions);
    http2.setRootHandler(root);
    alpn.addProtocol(Http2OpenListener.HTTP2, http2, 10);
    OpenListener open = alpn;
    ChannelListener<AcceptingChannel<StreamConnection>> accept =
        ChannelListeners.openListenerAdapter(open);
    UndertowXnioSsl ssl =
        new UndertowXnioSsl(xnio, OptionMap.create(Options.USE_DIRECT_BUFFERS, true), context);
    return ssl.createSslConnectionServer(worker, address, (ChannelListener) accept, socketOptions);
  }

  private static OptionMap undertowOptions(ServerConfig config) {
    Limits limits = config.limits();
    return OptionMap.builder()
        // Undertow would hold a response back while pipelined requests follow, and drop it when
        // one of those is malformed; answer each request as it is done instead.
        .set(UndertowOptions.BUFFER_PIPELINED_DATA, false)
        // query.Params decodes the raw query itself, so a malformed escape gets a JSON 400 naming
        // it; the request line parser still refuses some (JsonErrorConduit answers those).
        .set(UndertowOptions.DECODE_URL, false)
        .set(UndertowOptions.MAX_ENTITY_SIZE, MAX_ENTITY_SIZE)
        .set(UndertowOptions.MAX_PARAMETERS, UNDERTOW_MAX_PARAMETERS)
        // The edge answers too many headers with a JSON 431; the head's size bounds
        // their number for Undertow (a header line takes at least 4 bytes).
        .set(UndertowOptions.MAX_HEADERS, limits.maxHeadBytes() / 4)
        .set(UndertowOptions.MAX_HEADER_SIZE, limits.maxHeadBytes())
        .set(UndertowOptions.REQUEST_PARSE_TIMEOUT, millis(limits.requestTimeout()))
        .set(UndertowOptions.NO_REQUEST_TIMEOUT, millis(limits.idleTimeout()))
        .set(UndertowOptions.IDLE_TIMEOUT, millis(limits.idleTimeout()))
        .set(UndertowOptions.ENABLE_HTTP2, config.tls().isPresent())
        .set(UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, 100)
        .getMap();
  }

  private static int millis(java.time.Duration duration) {
    return (int) Math.min(Integer.MAX_VALUE, duration.toMillis());
  }

  /** The bound port (useful with port 0). */
  public int port() {
    return server.getLocalAddress(InetSocketAddress.class).getPort();
  }

  /** Requests begun and not yet complete. */
  public int inFlight() {
    return inFlight.get();
  }

  /** Requests answered since the start, their responses sent whole. */
  public long answered() {
    return answered.get();
  }

  /**
   * Stops accepting, then gives running requests a few seconds to finish (requests on open
   * connections meanwhile get 503) before closing everything.
   */
  @Override
  public void close() {
    IoUtils.safeClose(server);
    graceful.shutdown();
    try {
      graceful.awaitShutdown(GRACE_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    worker.shutdown();
    try {
      if (!worker.awaitTermination(5, TimeUnit.SECONDS)) {
        worker.shutdownNow();
      }
    } catch (InterruptedException e) {
      worker.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
