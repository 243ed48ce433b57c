/**
 * The PostgreSQL 15 + PostGIS peer: installing and running a throw-away cluster on loopback,
 * loading the feed with COPY (columns read through the schema's field definitions), and answering
 * the same requests with SQL that builds the JSON page. Depends on {@code load}, {@code mix}, the
 * schema, the indexer's feed reader and id map, the server's {@code query} package, and the
 * PostgreSQL JDBC driver.
 */
package io.keybox.bench.postgres;
