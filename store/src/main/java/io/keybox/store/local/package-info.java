/**
 * {@link io.keybox.store.Store} on a local folder ({@code file://} store URLs: one machine, or a
 * backup on a mounted disk). Depends on the JDK and the root package's {@code Store} contract only.
 */
package io.keybox.store.local;
