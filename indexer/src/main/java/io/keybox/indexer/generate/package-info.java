/**
 * The {@code generate} command: a deterministic generator of realistic synthetic native feed dumps
 * (listings, open houses and agents as gzip NDJSON in the API's Listing / Open house / Agent
 * shapes) for one vendor of a Houston-like metro.
 *
 * <p>{@link io.keybox.indexer.generate.GenerateCommand} is the command-line entry point; {@link
 * io.keybox.indexer.generate.FeedGenerator} is the library API that tests and the benchmark call to
 * write to any stream. Output depends only on the {@link
 * io.keybox.indexer.generate.GeneratorConfig} (never on the clock), and memory use does not grow
 * with the number of listings.
 *
 * <p>Depends only on Jackson (streaming {@code jackson-core}) and the JDK; nothing else of Keybox.
 */
package io.keybox.indexer.generate;
