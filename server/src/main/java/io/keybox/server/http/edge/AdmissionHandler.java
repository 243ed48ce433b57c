package io.keybox.server.http.edge;

import io.keybox.server.error.ApiException;
import io.keybox.server.http.Limits;
import io.keybox.server.http.write.BufferedResponse;
import io.keybox.server.limit.AdmissionQueue;
import io.undertow.server.Connectors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.SameThreadExecutor;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The root handler, on the IO thread: admits a request to a worker thread when one of {@link
 * Limits#maxConcurrent} slots is free, lets up to {@link Limits#maxQueued} wait for one (at most
 * {@link Limits#queueTimeout}), and answers the rest with 503 and {@code Retry-After} at once, so
 * that a burst costs queue places, not threads or memory.
 *
 * <p>On the worker the request runs with its body buffered ({@link BufferedResponse}); its slot is
 * freed when the handler is done, not when a slow client has read the bytes, and handed straight to
 * the oldest waiting request.
 *
 * <p>An admitted request that {@code ioThreadLane} accepts (one that cannot block long: {@link
 * IoThreadLane}) runs on the connection's IO thread instead, with the same slot accounting and the
 * same buffered response, which it then sends there without a thread hand-off.
 *
 * <p>A waiting request's queue timer is cancelled when it is admitted, and holds no reference to
 * the exchange after that: a timer left to run out would keep each queued exchange, with its
 * buffered response body, alive for the whole queue timeout (at 500-listing pages that exhausted a
 * 512 MB heap).
 */
public final class AdmissionHandler implements HttpHandler {
  private final AdmissionQueue<WaitingRequest<HttpServerExchange>> admission;
  private final long queueTimeoutMillis;
  private final HttpHandler chain;
  private final HttpHandler busy;
  private final HttpHandler work = this::work;
  private final Predicate<HttpServerExchange> ioThreadLane;

  /**
   * @param chain the handlers that run on a worker thread
   */
  public AdmissionHandler(Limits limits, HttpHandler chain, AccessLog accessLog) {
    this(limits, chain, accessLog, IoThreadLane.none());
  }

  /**
   * @param chain the handlers that run on a worker thread, or on the IO thread for a request {@code
   *     ioThreadLane} accepts
   */
  public AdmissionHandler(
      Limits limits,
      HttpHandler chain,
      AccessLog accessLog,
      Predicate<HttpServerExchange> ioThreadLane) {
    this.ioThreadLane = ioThreadLane;
    this.admission = new AdmissionQueue<>(limits.maxConcurrent(), limits.maxQueued());
    this.queueTimeoutMillis = limits.queueTimeout().toMillis();
    this.chain = chain;
    this.busy =
        new EdgeHandler(
            exchange -> {
              throw ApiException.unavailable(
                  "the server is busy: too many requests at once; retry shortly", 1);
            },
            accessLog);
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    if (admission.tryRun()) {
      if (ioThreadLane.test(exchange)) {
        work(exchange); // here, on the IO thread; work releases the slot
      } else {
        runAdmitted(exchange);
      }
      return;
    }
    // Queue it once this call has returned, as Undertow's RequestLimit does: a slot freed on
    // another thread may then dispatch it at once.
    exchange.dispatch(SameThreadExecutor.INSTANCE, () -> admitOrQueue(exchange));
  }

  private void admitOrQueue(HttpServerExchange exchange) {
    WaitingRequest<HttpServerExchange> waiting = new WaitingRequest<>(exchange);
    switch (admission.admit(waiting)) {
      case RUN -> runAdmitted(exchange);
      case QUEUED ->
          waiting.timer(
              exchange
                  .getIoThread()
                  .executeAfter(() -> expire(waiting), queueTimeoutMillis, TimeUnit.MILLISECONDS));
      case REJECTED -> Connectors.executeRootHandler(busy, exchange);
    }
  }

  private void expire(WaitingRequest<HttpServerExchange> waiting) {
    if (admission.withdraw(waiting)) {
      Connectors.executeRootHandler(busy, waiting.take());
    }
  }

  private void work(HttpServerExchange exchange) throws Exception {
    try {
      BufferedResponse response = BufferedResponse.install(exchange);
      try {
        chain.handleRequest(exchange);
      } finally {
        response.commit();
      }
    } finally {
      releaseSlot();
    }
  }

  /**
   * Runs an admitted request on a worker. Undertow's own dispatch of a handler skips it when the
   * connection has closed meanwhile, which would keep its slot taken for good (a client giving up
   * in the queue; with HTTP/2 every stream of a closed connection); here the slot is handed on.
   */
  private void runAdmitted(HttpServerExchange exchange) {
    exchange.dispatch(
        workers(exchange),
        () -> {
          if (exchange.getConnection().isOpen()) {
            Connectors.executeRootHandler(work, exchange); // work releases the slot
          } else {
            releaseSlot();
          }
        });
  }

  /** Frees the caller's slot, or hands it straight to the oldest waiting request. */
  private void releaseSlot() {
    admission.release().ifPresent(next -> runAdmitted(next.take()));
  }

  private static Executor workers(HttpServerExchange exchange) {
    return exchange.getConnection().getWorker();
  }
}
