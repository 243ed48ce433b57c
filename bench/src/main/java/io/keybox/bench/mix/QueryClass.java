package io.keybox.bench.mix;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;

/**
 * One class of the query mix.
 *
 * @param name short name used on the command line ({@code --classes}) and in the report
 * @param description what the requests look like
 * @param why why the class is in the mix: what website traffic it stands for
 * @param endpoints the resources its requests read: one, except for {@code hot-pages}
 * @param p99TargetMillis the p99 latency the issue sets for this class
 * @param requests draws the next request of a client
 */
public record QueryClass(
    String name,
    String description,
    String why,
    Set<Endpoint> endpoints,
    double p99TargetMillis,
    Function<ClientState, BenchRequest> requests) {

  public QueryClass {
    endpoints = Collections.unmodifiableSet(EnumSet.copyOf(endpoints));
  }

  /** A class whose requests all read {@code endpoint}. */
  public QueryClass(
      String name,
      String description,
      String why,
      Endpoint endpoint,
      double p99TargetMillis,
      Function<ClientState, BenchRequest> requests) {
    this(name, description, why, EnumSet.of(endpoint), p99TargetMillis, requests);
  }

  /** The next request of the client whose state this is. */
  public BenchRequest next(ClientState state) {
    return requests.apply(state);
  }
}
