package io.keybox.server.http;

/**
 * The server was told to take credentials over plain HTTP on an interface other than loopback, with
 * no TLS proxy in front; the message names the interface and the options that make it safe.
 */
public final class PlainHttpRefusedException extends RuntimeException {
  public PlainHttpRefusedException(String host) {
    super(
        "refusing to take credentials over plain HTTP on "
            + host
            + "; bind 127.0.0.1, give a certificate (--tls-cert and --tls-key, or"
            + " --tls-keystore), or say --behind-proxy when a TLS proxy is in front");
  }
}
