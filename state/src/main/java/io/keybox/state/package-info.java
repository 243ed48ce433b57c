/**
 * The state store: what Keybox keeps that is not an index (the media catalog, saved searches, the
 * webhook outbox), in one SQLite file per data directory ({@link io.keybox.state.StateStore}):
 * write-ahead logging so the server and an indexer process can use it at once, versioned migrations
 * ({@link io.keybox.state.Migrations}), and one small typed repository per area in a sub-package.
 * No SQL lives outside this module.
 *
 * <p>Depends on the JDK's {@code java.sql} and xerial's sqlite-jdbc only; the server, the indexer
 * and the app depend on it, never the other way round.
 */
package io.keybox.state;
