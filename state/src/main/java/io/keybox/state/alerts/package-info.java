/**
 * Saved searches and their webhook outbox in the state store: the searches a key saved ({@link
 * io.keybox.state.alerts.SavedSearches}), what each search last told its receiver about each
 * listing and how far matching got per vendor ({@link io.keybox.state.alerts.MatchLedger}), and the
 * deliveries waiting to be sent or retried ({@link io.keybox.state.alerts.Outbox}). A commit's
 * matches, its deliveries and the vendor's cursor are written in one transaction, so a crash at any
 * moment leaves either all of them or none (the commit is then matched again).
 *
 * <p>Depends on {@code io.keybox.state} only; it knows nothing of HTTP, Lucene or signing.
 */
package io.keybox.state.alerts;
