/**
 * Keybox as the system under test: the indexer and the server as child JVMs started like run.sh
 * does, and a minimal keep-alive HTTP/1.1 client. Depends on {@code load}, {@code mix}, the
 * indexer's layout and generator constants, and the server's auth types (to write a keys file).
 */
package io.keybox.bench.keybox;
