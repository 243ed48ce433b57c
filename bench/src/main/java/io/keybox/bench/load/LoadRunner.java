package io.keybox.bench.load;

import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.ClientState;
import io.keybox.bench.mix.QueryClass;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The client harness: {@code clients} threads, each with its own session (a keep-alive connection,
 * a JDBC connection, or a direct searcher), send the requests of one query class back to back
 * (closed loop, no think time) for a warm-up and then a measured window. Every system is driven by
 * this same loop.
 *
 * <p>A request counts in the measurement when it starts inside the window; the window ends when the
 * last such request has been answered, so no answer is cut off.
 *
 * <p>With a rate (open loop) the clients measure at fixed times instead: {@code rate} requests per
 * second in all, client {@code i}'s {@code k}-th request scheduled at {@link #scheduledAt} from the
 * start of the window, and its latency counted from that scheduled time, so a system that falls
 * behind is charged the waiting too (no coordinated omission). The latency then shows what a
 * request costs at a load the system can carry, not how long it queues behind the other clients.
 * The warm-up stays closed loop: at a few dozen requests a second, the seconds of warm-up would
 * leave the request path partly interpreted, and the first measured requests would time the JIT.
 */
public final class LoadRunner {
  private LoadRunner() {}

  /**
   * How long past the window's end an open-loop client still sends the requests due inside it.
   * Without it, at tens of thousands of requests a second, the last request of most clients fell
   * due while their previous one was still out and was counted as not sent (28 of 174,000 single
   * listings in a run that kept up); a system a second behind has fallen behind the rate.
   */
  static final long BEHIND_GRACE_NANOS = 1_000_000_000L;

  /**
   * The time client {@code client} of {@code clients} sends its {@code k}-th request at {@code
   * rate} requests per second in all: the clients take turns, one every {@code 1/rate} seconds.
   */
  static long scheduledAt(long start, int rate, int clients, int client, long k) {
    return start + Math.round((k * clients + client) * 1e9 / rate);
  }

  /**
   * Runs {@code queryClass} against {@code target} once: opens the sessions, warms up, measures.
   *
   * @param rate requests per second in all (open loop), or 0 for back-to-back requests
   * @param seed the seed of the clients' draws; the same seed gives every system the same requests
   * @throws Exception when a session cannot be opened
   */
  public static Round run(
      Target target,
      QueryClass queryClass,
      int clients,
      int rate,
      Duration warmup,
      Duration measure,
      long seed)
      throws Exception {
    List<Target.Session> sessions = new ArrayList<>(clients);
    try {
      for (int i = 0; i < clients; i++) {
        sessions.add(target.open());
      }
      long start = System.nanoTime() + 50_000_000L;
      long measureFrom = start + warmup.toNanos();
      long measureTo = measureFrom + measure.toNanos();
      Plan plan =
          new Plan(
              target, sessions, queryClass, seed, clients, rate, start, measureFrom, measureTo);
      List<Client> workers = new ArrayList<>(clients);
      for (int i = 0; i < clients; i++) {
        Client client = new Client(plan, i);
        workers.add(client);
        client.thread.start();
      }
      for (Client client : workers) {
        client.thread.join();
      }
      return summarize(workers, measureFrom);
    } finally {
      for (Target.Session session : sessions) {
        try {
          session.close();
        } catch (Exception e) {
          // closing after the measurement; nothing to report
        }
      }
    }
  }

  private static Round summarize(List<Client> workers, long measureFrom) {
    long errors = 0;
    long bytes = 0;
    long lastDone = measureFrom;
    String firstError = null;
    List<Latencies> parts = new ArrayList<>();
    for (Client client : workers) {
      errors += client.errors;
      bytes += client.bytes;
      lastDone = Math.max(lastDone, client.lastDone);
      if (firstError == null && client.firstError.get() != null) {
        firstError = client.firstError.get();
      }
      parts.add(client.latencies);
    }
    return new Round(
        Latencies.merge(parts),
        errors,
        bytes,
        Math.max(1e-9, (lastDone - measureFrom) / 1e9),
        firstError);
  }

  /**
   * What every client of one run shares: the system, the sessions (client {@code i} uses the {@code
   * i}-th), the class, the seed of the draws, and the schedule (in {@link System#nanoTime}).
   */
  private record Plan(
      Target target,
      List<Target.Session> sessions,
      QueryClass queryClass,
      long seed,
      int clients,
      int rate,
      long start,
      long measureFrom,
      long measureTo) {
    /** When client {@code client}'s {@code k}-th measured request is due, open loop. */
    long due(int client, long k) {
      return scheduledAt(measureFrom, rate, clients, client, k);
    }
  }

  /** One client thread and what it measured. */
  private static final class Client implements Runnable {
    final Thread thread;
    final Latencies latencies = new Latencies();
    final AtomicReference<String> firstError = new AtomicReference<>();
    private final Plan plan;
    private final int index;
    private final ClientState state;
    long errors;
    long bytes;
    long lastDone;

    /** Client {@code index} of {@code plan}, with its own draws. */
    Client(Plan plan, int index) {
      this.plan = plan;
      this.index = index;
      this.state = new ClientState(plan.seed(), index);
      this.thread = new Thread(this, "bench-" + plan.target().system().label() + "-" + index);
    }

    @Override
    public void run() {
      Target.Session session = plan.sessions().get(index);
      waitUntil(plan.start());
      // The warm-up is closed loop in both modes: it is there to bring the system to its steady
      // state (compiled code, warm caches), which a few hundred paced requests do not reach.
      while (plan.rate() > 0 && System.nanoTime() < plan.measureFrom()) {
        session = send(session, System.nanoTime());
      }
      for (long k = 0; ; k++) {
        // Closed loop: now; open loop: this request's scheduled time, waited for.
        long at = plan.rate() > 0 ? plan.due(index, k) : 0;
        if (plan.rate() > 0) {
          waitUntil(at);
        }
        long began = plan.rate() > 0 ? at : System.nanoTime();
        if (began >= plan.measureTo() && (plan.rate() > 0 || measuredAny())) {
          return;
        }
        // Closed loop, and this client's last warm-up request outlasted the whole window (a class
        // slower than a short window on a busy machine): one request is measured after it, so the
        // round gives a rate rather than none.
        if (plan.rate() > 0 && System.nanoTime() >= plan.measureTo() + BEHIND_GRACE_NANOS) {
          notSent(k);
          return;
        }
        session = send(session, began);
      }
    }

    private boolean measuredAny() {
      return latencies.size() > 0 || errors > 0;
    }

    private static void waitUntil(long nanoTime) {
      for (long wait; (wait = nanoTime - System.nanoTime()) > 0; ) {
        java.util.concurrent.locks.LockSupport.parkNanos(wait);
      }
    }

    /**
     * Open loop, a second after the window has closed ({@link #BEHIND_GRACE_NANOS}) with requests
     * {@code k} on of this client still scheduled inside it: the system fell behind the rate. They
     * are not sent (a system at a fraction of the rate would otherwise keep the run going for many
     * times the window) and each counts as failed, so that the result says so rather than showing
     * the latencies of those that got through.
     */
    private void notSent(long k) {
      long missed = 0;
      while (plan.due(index, k + missed) < plan.measureTo()) {
        missed++;
      }
      errors += missed;
      firstError.compareAndSet(
          null,
          "not sent: the system fell behind the rate; "
              + missed
              + " requests of one client were still due when the window closed");
    }

    /** Sends one request; measures it from {@code began} when that lies in the window. */
    private Target.Session send(Target.Session session, long began) {
      BenchRequest request = plan.queryClass().next(state);
      Outcome outcome;
      try {
        outcome = session.execute(request, false);
      } catch (Exception e) {
        outcome = Outcome.failed(0, e.toString());
        session = reopen(session);
      }
      long done = System.nanoTime();
      outcome.advance(state);
      if (began < plan.measureFrom()) {
        return session;
      }
      lastDone = Math.max(lastDone, done);
      if (outcome.ok()) {
        latencies.add(done - began);
        bytes += outcome.bytes();
      } else {
        errors++;
        firstError.compareAndSet(
            null, request.pathAndQuery() + " -> " + outcome.status() + " " + outcome.error());
      }
      return session;
    }

    private Target.Session reopen(Target.Session broken) {
      try {
        broken.close();
      } catch (Exception e) {
        // already broken
      }
      try {
        Target.Session fresh = plan.target().open();
        plan.sessions().set(index, fresh);
        return fresh;
      } catch (Exception e) {
        firstError.compareAndSet(null, "cannot reconnect: " + e);
        return broken;
      }
    }
  }
}
