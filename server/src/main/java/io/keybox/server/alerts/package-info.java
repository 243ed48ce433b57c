/**
 * Saved searches and new-listing alerts (issue 35, API.md §14): the operations of {@code /searches}
 * ({@link io.keybox.server.alerts.SavedSearchService}), the matching of each vendor commit's
 * changed listings against the enabled searches with the same query parser, builder and stored
 * listing bytes as {@code /properties} ({@link io.keybox.server.alerts.CommitMatcher}), and the
 * signed, retried, durable delivery of what matched as Standard Webhooks ({@link
 * io.keybox.server.alerts.Deliverer}). {@link io.keybox.server.alerts.Alerts} runs them on one node
 * ({@code serve --alerts}).
 *
 * <p>May depend on {@code schema}, {@code state} (its {@code alerts} repositories), the server's
 * {@code auth}, {@code error}, {@code index}, {@code query} and {@code metrics} packages, Lucene,
 * Jackson, the Prometheus client and the JDK's HTTP client; never on Undertow or {@code
 * server/http}: the HTTP side calls it, not the other way round.
 */
package io.keybox.server.alerts;
