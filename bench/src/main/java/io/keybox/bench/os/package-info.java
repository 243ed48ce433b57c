/**
 * The machine the bench runs on, as far as the peers need it: Debian packages installed with
 * apt-get when missing, the child processes the bench starts (run to their end, or stopped at close
 * and at the JVM's exit), and its scratch directories. Depends on the JDK only.
 */
package io.keybox.bench.os;
