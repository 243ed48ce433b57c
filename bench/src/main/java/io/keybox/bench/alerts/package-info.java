/**
 * The alerts bench (issue 35, "Speed"): matching a commit of changed listings against many saved
 * searches, and delivering what matched to a loopback receiver. Depends on the generator, the
 * indexer and the server's alerts, run in this JVM.
 */
package io.keybox.bench.alerts;
