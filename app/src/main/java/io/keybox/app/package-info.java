/**
 * The one {@code keybox} command (OPERATIONS.md §2) and the main of {@code keybox.jar}: {@link
 * io.keybox.app.Keybox} with the subcommands {@code serve}, {@code index}, {@code pull}, {@code
 * keys hash} and {@code generate}, on picocli. Each command parses and checks its options, calls
 * the entry point of the module that does the work ({@code io.keybox.server.Server}, the indexer's
 * {@code VendorIndexBuilder}, the generator's {@code FeedGenerator}), and words the outcome as one
 * line with an exit code: 0 success, 1 bad input, 2 I/O or internal failure.
 *
 * <p>Depends on the server, indexer, generator and schema modules' public entry points, picocli and
 * {@code app.cli}; the demo's tour ({@code DemoTour}) uses the JDK's HTTP client and Jackson.
 * Nothing depends on it but the bench, which starts its jar.
 */
package io.keybox.app;
