/**
 * A query node that follows an object store ({@code keybox serve --replica-of}): {@link
 * io.keybox.server.replica.Replica} polls the store for every vendor under its prefix and fetches
 * each new publication into a directory of its own under the data directory with the {@code store}
 * module's {@code Fetcher} ({@code ReplicaFolder} describes the layout); the {@code index}
 * package's refresh thread then opens it. {@link io.keybox.server.replica.ReplicaMetrics} is its
 * Prometheus collector; {@link io.keybox.server.replica.ReplicaStatus} is each vendor's state as
 * {@code /-/health} shows it (assembled there).
 *
 * <p>Depends on the {@code store} module, {@code index} (the registry it asks to refresh) and the
 * Prometheus client's model; never on {@code http}, {@code search} or {@code query}.
 */
package io.keybox.server.replica;
