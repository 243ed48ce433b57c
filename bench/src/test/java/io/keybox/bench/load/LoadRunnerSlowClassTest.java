package io.keybox.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.SystemName;
import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.QueryClass;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A closed-loop round whose requests each outlast the measured window: every client's warm-up
 * request is still running when the window closes. Before, such a round measured nothing (0
 * requests, a rate of 0), as `QuickBenchTest` saw for a class on a loaded machine.
 */
class LoadRunnerSlowClassTest {
  private static final QueryClass SLOW =
      new QueryClass("slow", "one listing", "a test", Endpoint.LISTING, 10, state -> request());

  private static BenchRequest request() {
    return new BenchRequest(Endpoint.LISTING, 1, "");
  }

  /** A system whose every answer takes {@code millis} and counts its requests. */
  private record SlowTarget(long millis, AtomicInteger sent) implements Target {
    @Override
    public SystemName system() {
      return SystemName.KEYBOX;
    }

    @Override
    public Session open() {
      return new Session() {
        @Override
        public Outcome execute(BenchRequest request, boolean detailed) throws Exception {
          sent.incrementAndGet();
          Thread.sleep(millis);
          return Outcome.ok(100, 0, List.of());
        }

        @Override
        public void close() {}
      };
    }
  }

  /** A closed-loop round of {@code clients} against {@code target}. */
  private static Round run(Target target, int clients, long warmupMillis, long windowMillis)
      throws Exception {
    return LoadRunner.run(
        target,
        SLOW,
        clients,
        0,
        Duration.ofMillis(warmupMillis),
        Duration.ofMillis(windowMillis),
        7);
  }

  @Test
  void eachClientMeasuresOneRequestAfterAWarmUpRequestThatOutlastedTheWindow() throws Exception {
    AtomicInteger sent = new AtomicInteger();
    // Warm-up 10 ms, window 20 ms, each request 300 ms: the first request starts in the warm-up
    // and ends long after the window.
    Round round = run(new SlowTarget(300, sent), 2, 10, 20);

    assertEquals(2, round.samples().length, "one measured request per client");
    assertEquals(0, round.errors());
    assertEquals(4, sent.get(), "each client: its warm-up request, then one measured");
    assertTrue(round.seconds() >= 0.3, "the window reaches the measured requests' end");
  }

  @Test
  void aFastClassIsMeasuredInsideItsWindowAsBefore() throws Exception {
    AtomicInteger sent = new AtomicInteger();
    Round round = run(new SlowTarget(1, sent), 1, 20, 200);

    assertTrue(round.samples().length > 10, round.samples().length + " requests measured");
    assertTrue(round.seconds() < 1, round.seconds() + " s");
  }
}
