package io.keybox.server.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Self-signed certificates for 127.0.0.1 and localhost, made in the test with the running JDK's
 * {@code keytool}, and the PEM files and client trust that go with them.
 */
public final class TestCertificates {
  public static final String PASSWORD = "changeit";

  /** A PEM chain file and its PKCS#8 key file. */
  public record Pem(Path chain, Path key) {}

  private TestCertificates() {}

  /**
   * Makes a PKCS#12 keystore holding a fresh key ({@code RSA} or {@code EC}) and its self-signed
   * certificate, protected by {@link #PASSWORD}.
   */
  public static Path pkcs12(Path dir, String name, String algorithm)
      throws IOException, InterruptedException {
    Path keystore = dir.resolve(name + ".p12");
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                "keybox",
                "-keyalg",
                algorithm,
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=ip:127.0.0.1,dns:localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                keystore.toString(),
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD));
    command.addAll(
        algorithm.equals("EC") ? List.of("-groupname", "secp256r1") : List.of("-keysize", "2048"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException("keytool failed: " + output);
    }
    return keystore;
  }

  /** Writes the keystore's chain and key as PEM files next to it. */
  public static Pem pem(Path keystore) throws IOException, GeneralSecurityException {
    KeyStore store = load(keystore);
    Path chain = keystore.resolveSibling(keystore.getFileName() + ".chain.pem");
    Path key = keystore.resolveSibling(keystore.getFileName() + ".key.pem");
    StringBuilder certs = new StringBuilder();
    for (Certificate certificate : store.getCertificateChain("keybox")) {
      certs.append(pemBlock("CERTIFICATE", certificate.getEncoded()));
    }
    Files.writeString(chain, certs.toString());
    Files.writeString(
        key, pemBlock("PRIVATE KEY", store.getKey("keybox", PASSWORD.toCharArray()).getEncoded()));
    return new Pem(chain, key);
  }

  /** A client TLS context that trusts exactly the keystore's certificate. */
  public static SSLContext trusting(Path keystore) throws IOException, GeneralSecurityException {
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("server", load(keystore).getCertificate("keybox"));
    TrustManagerFactory factory =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trust);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    return context;
  }

  public static String pemBlock(String label, byte[] der) {
    return "-----BEGIN "
        + label
        + "-----\n"
        + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
        + "\n-----END "
        + label
        + "-----\n";
  }

  private static KeyStore load(Path keystore) throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      store.load(in, PASSWORD.toCharArray());
    }
    return store;
  }
}
