/**
 * TLS credentials for {@code serve}: a PEM certificate chain with a PKCS#8 private key (RSA or EC),
 * or a PKCS#12 keystore, loaded and checked into an {@link javax.net.ssl.SSLContext}. Every problem
 * becomes a {@link io.keybox.server.tls.TlsException} whose one-line message says what to fix.
 *
 * <p>Depends on the JDK only ({@code java.security}, {@code javax.net.ssl}).
 */
package io.keybox.server.tls;
