/**
 * The machine the bench runs on, as far as the peers need it: Debian packages installed with
 * apt-get when missing. Depends on the JDK only.
 */
package io.keybox.bench.os;
