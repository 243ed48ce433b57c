package io.keybox.bench.load;

import io.keybox.bench.SystemName;
import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.Mix;
import io.keybox.bench.mix.QueryClass;
import java.util.Optional;

/** A system under test, driven by the same client harness as every other. */
public interface Target {
  /** Which system this is. */
  SystemName system();

  /**
   * Why this system cannot run {@code queryClass} at all (before sending anything), or empty when
   * it can. By default the classes of the RESO Web API, which only Keybox speaks ({@link
   * Mix#resoOnly}).
   */
  default Optional<String> unsupported(QueryClass queryClass) {
    return Mix.resoOnly(queryClass);
  }

  /** Opens one client's session (a connection); called once per client and measurement. */
  Session open() throws Exception;

  /** One client's connection to the system. Used by one thread at a time. */
  interface Session extends AutoCloseable {
    /**
     * Sends {@code request} and reads the whole answer.
     *
     * @param detailed whether to fill {@link Outcome#keys()} (slower; for agreement checks only)
     * @throws Exception when the connection fails; counted as an error
     */
    Outcome execute(BenchRequest request, boolean detailed) throws Exception;

    @Override
    void close() throws Exception;
  }
}
