package io.keybox.app;

import io.keybox.server.tls.TlsException;
import io.keybox.server.tls.TlsIdentity;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code serve}'s HTTPS options, an exclusive group: a PEM certificate chain and its key, which go
 * together, or a PKCS#12 keystore and its password, not both.
 */
final class ServeTls {
  /** Where the keystore password may come from instead of the command line (and {@code ps}). */
  static final String PASSWORD_VARIABLE = "KEYBOX_TLS_PASSWORD";

  @ArgGroup(exclusive = false)
  Pem pem;

  @ArgGroup(exclusive = false)
  Pkcs12 pkcs12;

  /** A PEM certificate chain and its key. */
  static final class Pem {
    @Option(
        names = "--tls-cert",
        paramLabel = "PEM",
        required = true,
        description = "PEM certificate chain, server certificate first (default: none, plain HTTP)")
    Path cert;

    @Option(
        names = "--tls-key",
        paramLabel = "PEM",
        required = true,
        description =
            "PEM private key of --tls-cert, PKCS#8 RSA or EC (default: none; required with"
                + " --tls-cert)")
    Path key;
  }

  /** A PKCS#12 keystore and its password. */
  static final class Pkcs12 {
    @Option(
        names = "--tls-keystore",
        paramLabel = "FILE",
        required = true,
        description = "PKCS#12 keystore instead of --tls-cert/--tls-key (default: none)")
    Path keystore;

    @Option(
        names = "--tls-password",
        paramLabel = "X",
        description = "password of --tls-keystore (default: $" + PASSWORD_VARIABLE + ")")
    String password;
  }

  /**
   * Checks what can be checked without reading the files: a keystore's password may come from the
   * environment at start, so here it only has to be possible.
   */
  void check(CommandLine line) {
    password(Map.of(PASSWORD_VARIABLE, ""), line);
  }

  /**
   * Reads the certificate and key.
   *
   * @param env where a keystore's password may come from
   * @throws ParameterException when a keystore has no password
   * @throws TlsException when the files cannot be read or do not fit together
   */
  TlsIdentity load(Map<String, String> env, CommandLine line) throws TlsException {
    if (pem != null) {
      return TlsIdentity.fromPem(pem.cert, pem.key);
    }
    return TlsIdentity.fromPkcs12(pkcs12.keystore, password(env, line).orElseThrow().toCharArray());
  }

  /** The keystore's password: the option's, or the environment's. */
  private Optional<String> password(Map<String, String> env, CommandLine line) {
    if (pkcs12 == null) {
      return Optional.empty();
    }
    return Optional.of(
        Optional.ofNullable(pkcs12.password)
            .or(() -> Optional.ofNullable(env.get(PASSWORD_VARIABLE)))
            .orElseThrow(
                () ->
                    new ParameterException(
                        line,
                        "--tls-keystore needs its password: --tls-password or $"
                            + PASSWORD_VARIABLE)));
  }

  /** The certificate in the startup line, with a warning when it is about to expire. */
  static String describe(TlsIdentity tls) {
    Instant notAfter = tls.certificate().getNotAfter().toInstant();
    String expiry =
        notAfter.isBefore(Instant.now())
            ? "EXPIRED " + notAfter
            : notAfter.isBefore(Instant.now().plus(Duration.ofDays(14)))
                ? "expires soon: " + notAfter
                : "valid until " + notAfter;
    return " with HTTP/2; certificate "
        + tls.certificate().getSubjectX500Principal().getName()
        + ", "
        + expiry;
  }
}
