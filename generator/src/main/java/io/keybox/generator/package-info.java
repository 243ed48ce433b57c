/**
 * A deterministic generator of realistic synthetic native feed dumps (listings, open houses and
 * agents as gzip NDJSON in the API's Listing / Open house / Agent shapes) for one vendor of a
 * Houston-like metro, for the demo, the tests and the bench.
 *
 * <p>{@link io.keybox.generator.FeedGenerator} is the library API that tests and the benchmark call
 * to write to any stream or directory; the {@code keybox generate} command (the app module) calls
 * it. Output depends only on the {@link io.keybox.generator.GeneratorConfig} (never on the clock),
 * and memory use does not grow with the number of listings; {@link
 * io.keybox.generator.ParallelGzipOutputStream} compresses on several cores.
 *
 * <p>Depends on Jackson's streaming {@code jackson-core}, the schema module's {@code VendorName}
 * and the JDK. Nothing in production depends on this package: only the {@code app} and {@code
 * bench} modules, and tests, may use it.
 */
package io.keybox.generator;
