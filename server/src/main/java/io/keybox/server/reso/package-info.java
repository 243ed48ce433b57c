/**
 * The RESO Web API (OData v4) view of a vendor's index: the {@code Edm} built from the schema's
 * RESO tables ({@link io.keybox.schema.reso}, one declaration per field, the inverse of the
 * indexer's mapping), {@code $metadata} and the service document written from it, request URLs
 * parsed by Apache Olingo's {@code Parser} (never by hand), {@code $filter} expressions turned into
 * the schema's Lucene queries, the search run on ONE leased snapshot, and OData JSON written.
 *
 * <p>The only package that imports Olingo. Knows no HTTP: it takes the path, the raw query string
 * and the preferences as values, answers with {@link io.keybox.server.reso.ResoReply} values, and
 * throws the domain's exceptions ({@code error}), which the HTTP edge maps to statuses. Depends on
 * {@code index}, {@code error}, the schema module, Lucene core, Jackson and Olingo.
 */
package io.keybox.server.reso;
