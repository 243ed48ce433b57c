/**
 * The query mix: the classes of requests IDX websites send, and the vocabulary they are drawn from
 * (read from the index under test). Requests are query strings every system parses the same way.
 * Depends on the schema, the server's {@code query} package and Lucene (to read the vocabulary).
 */
package io.keybox.bench.mix;
