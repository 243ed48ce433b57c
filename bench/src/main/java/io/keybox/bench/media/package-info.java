/**
 * The media bench (issue 33, "Speed"): Keybox serving mirrored photos against nginx serving the
 * same files, and the rate at which {@code keybox index} mirrors a feed's photos. Depends on the
 * generator, the bench's child processes and HTTP client ({@code bench.keybox}), its load results
 * ({@code bench.load}) and Debian packages ({@code bench.os}).
 */
package io.keybox.bench.media;
