/**
 * Requests: raw query parameters become immutable, validated request records (no HTTP or Lucene
 * types), and request records become Lucene queries and sorts through the schema module's field
 * definitions. Every 400 originates here, naming the parameter, the bad value and what is allowed.
 *
 * <p>Depends on the schema module, Lucene core (queries are combined here, never built per field),
 * {@code auth} (an account's vendors) and {@code error}.
 */
package io.keybox.server.query;
