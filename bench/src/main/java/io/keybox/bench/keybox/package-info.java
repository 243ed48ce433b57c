/**
 * Keybox as the system under test: {@code keybox index} and {@code keybox serve} as child JVMs
 * started like run.sh does (from {@code keybox.jar}, or the app's main on this classpath), and a
 * minimal keep-alive HTTP/1.1 client. Depends on {@code load}, {@code mix}, the indexer's layout,
 * the generator's file names, and the server's auth types (to write a keys file).
 */
package io.keybox.bench.keybox;
