/**
 * The benchmark of the issue "Benchmark and speed": Keybox vs raw Lucene vs PostgreSQL/PostGIS on
 * the same generated feed, the same query mix and the same client harness, in one run ({@code
 * ./run.sh bench}, bench/README.md). Depends on every other package of this module, the indexer
 * (generator, indexer entry point, id map), the server (parameter parsing, query building, entry
 * point) and the schema; the main code of those modules never depends on this one.
 */
package io.keybox.bench;
