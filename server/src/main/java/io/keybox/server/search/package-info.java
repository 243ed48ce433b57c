/**
 * Running validated requests on ONE leased snapshot: top-N with sort or an mlsId cursor, exact
 * counts, single lookups. Returns results (stored listing sources and paging facts), never JSON or
 * HTTP. Depends on {@code index}, {@code query}, {@code error}, the schema module and Lucene.
 */
package io.keybox.server.search;
