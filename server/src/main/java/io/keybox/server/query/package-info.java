/**
 * Requests: raw query parameters become immutable, validated request records (no HTTP types), and
 * their filters become Lucene queries. The filters of every search are read by the rows of the
 * schema's filter tables, with ONE generic parser ({@link io.keybox.server.query.FilterParser}:
 * {@link io.keybox.server.query.Params} → {@link io.keybox.server.query.FilterValues}) and ONE
 * generic builder ({@link io.keybox.server.query.FilterQueryBuilder}: values → query through the
 * rows' field types); the request parsers add sort, paging and include, and publish their route's
 * parameter list (the rows' names and those). Every 400 of a parameter originates here, naming the
 * parameter, the bad value and what is allowed.
 *
 * <p>Depends on the schema module, Lucene core (queries are combined here, never built per field),
 * {@code auth} (an account's vendors) and {@code error}.
 */
package io.keybox.server.query;
