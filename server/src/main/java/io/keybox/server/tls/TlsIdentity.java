package io.keybox.server.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The server's TLS identity: its certificate chain and private key, ready as an {@link SSLContext}.
 *
 * <pre>{@code
 * TlsIdentity tls = TlsIdentity.fromPem(Path.of("chain.pem"), Path.of("key.pem"));
 * // or TlsIdentity.fromPkcs12(Path.of("server.p12"), password)
 * SSLContext context = tls.context();
 * }</pre>
 *
 * @param context a TLS context that presents the chain
 * @param certificate the leaf certificate (for the startup line: subject and expiry)
 */
public record TlsIdentity(SSLContext context, X509Certificate certificate) {
  private static final Pattern PEM_BLOCK =
      Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----\\s*([A-Za-z0-9+/=\\s]*?)\\s*-----END \\1-----");
  private static final String CONVERT_HINT =
      "; convert it to PKCS#8 with: openssl pkcs8 -topk8 -nocrypt -in KEY -out key.pk8.pem";

  /**
   * Loads a PEM certificate chain (leaf first, then intermediates) and a PEM PKCS#8 private key
   * ({@code BEGIN PRIVATE KEY}, RSA or EC) that must belong to the leaf.
   *
   * @throws TlsException naming the file and the problem
   */
  public static TlsIdentity fromPem(Path certificateChain, Path privateKey) throws TlsException {
    List<X509Certificate> chain = readChain(certificateChain);
    PrivateKey key = readKey(privateKey);
    checkPair(key, chain.get(0), certificateChain, privateKey);
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      char[] password = new char[0];
      store.setKeyEntry("keybox", key, password, chain.toArray(new Certificate[0]));
      return new TlsIdentity(context(store, password), chain.get(0));
    } catch (GeneralSecurityException | IOException e) {
      throw new TlsException("cannot build a TLS context from " + certificateChain + ": " + e, e);
    }
  }

  /**
   * Loads a PKCS#12 keystore whose key entries (usually one) are protected by {@code password}.
   *
   * @throws TlsException naming the file and the problem (a wrong password says so)
   */
  public static TlsIdentity fromPkcs12(Path keystore, char[] password) throws TlsException {
    KeyStore store;
    try (var in = Files.newInputStream(keystore)) {
      store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
    } catch (NoSuchFileException e) {
      throw new TlsException("--tls-keystore " + keystore + ": no such file");
    } catch (IOException e) {
      if (e.getCause() instanceof UnrecoverableKeyException) {
        throw new TlsException("--tls-keystore " + keystore + ": wrong password", e);
      }
      throw new TlsException(
          "--tls-keystore "
              + keystore
              + ": not a readable PKCS#12 keystore ("
              + e.getMessage()
              + ")",
          e);
    } catch (GeneralSecurityException e) {
      throw new TlsException("--tls-keystore " + keystore + ": " + e.getMessage(), e);
    }
    try {
      X509Certificate leaf = null;
      for (String alias : Collections.list(store.aliases())) {
        if (store.isKeyEntry(alias) && store.getCertificate(alias) instanceof X509Certificate c) {
          leaf = c;
          break;
        }
      }
      if (leaf == null) {
        throw new TlsException(
            "--tls-keystore " + keystore + ": holds no private key with a certificate");
      }
      return new TlsIdentity(context(store, password), leaf);
    } catch (UnrecoverableKeyException e) {
      throw new TlsException(
          "--tls-keystore " + keystore + ": the key's password differs from --tls-password", e);
    } catch (GeneralSecurityException e) {
      throw new TlsException("--tls-keystore " + keystore + ": " + e.getMessage(), e);
    }
  }

  private static SSLContext context(KeyStore store, char[] password)
      throws GeneralSecurityException {
    KeyManagerFactory keyManagers = KeyManagerFactory.getInstance("PKIX");
    keyManagers.init(store, password);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keyManagers.getKeyManagers(), null, new SecureRandom());
    return context;
  }

  private static List<X509Certificate> readChain(Path file) throws TlsException {
    List<X509Certificate> chain = new ArrayList<>();
    try {
      CertificateFactory factory = CertificateFactory.getInstance("X.509");
      for (Block block : blocks(file, "--tls-cert")) {
        if (block.label().equals("CERTIFICATE")) {
          chain.add(
              (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(block.der())));
        }
      }
    } catch (CertificateException e) {
      throw new TlsException(
          "--tls-cert " + file + ": a CERTIFICATE block is not a valid X.509 certificate", e);
    }
    if (chain.isEmpty()) {
      throw new TlsException(
          "--tls-cert " + file + ": no '-----BEGIN CERTIFICATE-----' block found (PEM expected)");
    }
    return chain;
  }

  private static PrivateKey readKey(Path file) throws TlsException {
    for (Block block : blocks(file, "--tls-key")) {
      switch (block.label()) {
        case "PRIVATE KEY" -> {
          return pkcs8(block.der(), file);
        }
        case "RSA PRIVATE KEY", "EC PRIVATE KEY" ->
            throw new TlsException(
                "--tls-key "
                    + file
                    + ": the key is in the older '"
                    + block.label()
                    + "' format"
                    + CONVERT_HINT);
        case "ENCRYPTED PRIVATE KEY" ->
            throw new TlsException(
                "--tls-key "
                    + file
                    + ": the key is encrypted; decrypt it with:"
                    + " openssl pkcs8 -in KEY -out key.pk8.pem (keep that file readable by the"
                    + " server only), or use --tls-keystore with a password");
        default -> {
          // other blocks (EC PARAMETERS, certificates) are skipped
        }
      }
    }
    throw new TlsException(
        "--tls-key " + file + ": no '-----BEGIN PRIVATE KEY-----' block found (PKCS#8 PEM)");
  }

  private static PrivateKey pkcs8(byte[] der, Path file) throws TlsException {
    for (String algorithm : List.of("RSA", "EC")) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      } catch (InvalidKeySpecException e) {
        // not this algorithm; try the next
      } catch (GeneralSecurityException e) {
        throw new TlsException("--tls-key " + file + ": " + e.getMessage(), e);
      }
    }
    throw new TlsException("--tls-key " + file + ": not an RSA or EC private key in PKCS#8");
  }

  /** The key must be the leaf's: a signature made with it verifies with the leaf's public key. */
  private static void checkPair(PrivateKey key, X509Certificate leaf, Path cert, Path keyFile)
      throws TlsException {
    String algorithm = key.getAlgorithm().equals("EC") ? "SHA256withECDSA" : "SHA256withRSA";
    byte[] probe = new byte[32];
    new SecureRandom().nextBytes(probe);
    boolean matches;
    try {
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(key);
      signer.update(probe);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(leaf.getPublicKey());
      verifier.update(probe);
      matches = verifier.verify(signature);
    } catch (GeneralSecurityException e) {
      matches = false; // e.g. an EC key with an RSA certificate
    }
    if (!matches) {
      throw new TlsException(
          "--tls-key "
              + keyFile
              + " does not belong to the first certificate of --tls-cert "
              + cert
              + " ("
              + leaf.getSubjectX500Principal().getName()
              + "); the server's own certificate must come first");
    }
  }

  private record Block(String label, byte[] der) {}

  private static List<Block> blocks(Path file, String option) throws TlsException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.ISO_8859_1);
    } catch (NoSuchFileException e) {
      throw new TlsException(option + " " + file + ": no such file");
    } catch (IOException e) {
      throw new TlsException(option + " " + file + ": cannot be read: " + e, e);
    }
    List<Block> blocks = new ArrayList<>();
    Matcher m = PEM_BLOCK.matcher(text);
    while (m.find()) {
      try {
        blocks.add(new Block(m.group(1), Base64.getMimeDecoder().decode(m.group(2))));
      } catch (IllegalArgumentException e) {
        throw new TlsException(
            option + " " + file + ": a '" + m.group(1) + "' block is not base64");
      }
    }
    return blocks;
  }
}
