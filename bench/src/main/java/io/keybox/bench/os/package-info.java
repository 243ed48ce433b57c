/**
 * The machine the bench runs on, as far as the peers need it: Debian packages installed with
 * apt-get when missing, the child processes the bench starts (run to their end, or stopped at close
 * and at the JVM's exit), its scratch directories, and the gzip line files it rewrites. Depends on
 * the JDK only.
 */
package io.keybox.bench.os;
