package io.keybox.bench.mix;

import java.util.function.Function;

/**
 * One class of the query mix.
 *
 * @param name short name used on the command line ({@code --classes}) and in the report
 * @param description what the requests look like
 * @param why why the class is in the mix: what website traffic it stands for
 * @param endpoint the resource its requests read
 * @param p99TargetMillis the p99 latency the issue sets for this class
 * @param requests draws the next request of a client
 */
public record QueryClass(
    String name,
    String description,
    String why,
    Endpoint endpoint,
    double p99TargetMillis,
    Function<ClientState, BenchRequest> requests) {

  /** The next request of the client whose state this is. */
  public BenchRequest next(ClientState state) {
    return requests.apply(state);
  }
}
