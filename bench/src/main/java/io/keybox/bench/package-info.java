/**
 * The benchmark of the issue "Benchmark and speed": Keybox vs raw Lucene vs PostgreSQL/PostGIS on
 * the same generated feed, the same query mix and the same client harness, in one run ({@code
 * ./run.sh bench}, bench/README.md). Its own main, {@code BenchMain}, reads the options with
 * picocli on the {@code keybox} command's conventions ({@code io.keybox.app.cli}). Depends on every
 * other package of this module, the generator, the indexer (id map, writer settings), the server
 * (parameter parsing, query building), the app (the {@code keybox} command it starts) and the
 * schema; the main code of those modules never depends on this one.
 */
package io.keybox.bench;
