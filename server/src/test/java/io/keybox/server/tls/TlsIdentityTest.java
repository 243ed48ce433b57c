package io.keybox.server.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsIdentityTest {
  @TempDir static Path dir;
  private static Path rsa;
  private static Path ec;
  private static TestCertificates.Pem rsaPem;
  private static TestCertificates.Pem ecPem;

  @BeforeAll
  static void makeCertificates() throws Exception {
    rsa = TestCertificates.pkcs12(dir, "rsa", "RSA");
    ec = TestCertificates.pkcs12(dir, "ec", "EC");
    rsaPem = TestCertificates.pem(rsa);
    ecPem = TestCertificates.pem(ec);
  }

  @Test
  void pemChainWithAnRsaOrEcPkcs8Key() throws Exception {
    for (TestCertificates.Pem pem : new TestCertificates.Pem[] {rsaPem, ecPem}) {
      TlsIdentity identity = TlsIdentity.fromPem(pem.chain(), pem.key());
      assertEquals("CN=localhost", identity.certificate().getSubjectX500Principal().getName());
      assertEquals("TLS", identity.context().getProtocol());
    }
  }

  @Test
  void pemWithOtherTextAroundTheBlocks() throws Exception {
    Path chain = dir.resolve("annotated.pem");
    Files.writeString(
        chain, "Bag Attributes\n  friendlyName: x\n" + Files.readString(rsaPem.chain()));
    Path key = dir.resolve("annotated.key.pem");
    Files.writeString(
        key,
        "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n"
            + Files.readString(rsaPem.key()));
    TlsIdentity.fromPem(chain, key);
  }

  @Test
  void pkcs12Keystore() throws Exception {
    TlsIdentity identity = TlsIdentity.fromPkcs12(ec, TestCertificates.PASSWORD.toCharArray());
    assertEquals("EC", identity.certificate().getPublicKey().getAlgorithm());
  }

  @Test
  void wrongKeystorePasswordSaysSo() {
    TlsException e =
        assertThrows(TlsException.class, () -> TlsIdentity.fromPkcs12(rsa, "nope".toCharArray()));
    assertEquals("--tls-keystore " + rsa + ": wrong password", e.getMessage());
  }

  @Test
  void aKeyOfAnotherCertificateIsRefused() {
    TlsException e =
        assertThrows(TlsException.class, () -> TlsIdentity.fromPem(rsaPem.chain(), ecPem.key()));
    assertTrue(e.getMessage().contains("does not belong to the first certificate"), e.getMessage());
  }

  @Test
  void olderAndEncryptedKeyFormatsSayHowToConvert() throws Exception {
    Path pkcs1 = dir.resolve("pkcs1.pem");
    Files.writeString(pkcs1, TestCertificates.pemBlock("RSA PRIVATE KEY", new byte[] {1, 2, 3}));
    TlsException e =
        assertThrows(TlsException.class, () -> TlsIdentity.fromPem(rsaPem.chain(), pkcs1));
    assertTrue(e.getMessage().contains("openssl pkcs8 -topk8 -nocrypt"), e.getMessage());
    Path encrypted = dir.resolve("encrypted.pem");
    Files.writeString(
        encrypted, TestCertificates.pemBlock("ENCRYPTED PRIVATE KEY", new byte[] {1}));
    e = assertThrows(TlsException.class, () -> TlsIdentity.fromPem(rsaPem.chain(), encrypted));
    assertTrue(e.getMessage().contains("the key is encrypted"), e.getMessage());
  }

  @Test
  void filesWithoutTheExpectedBlocksOrMissingFiles() throws Exception {
    Path empty = dir.resolve("empty.pem");
    Files.writeString(empty, "hello\n");
    assertTrue(
        assertThrows(TlsException.class, () -> TlsIdentity.fromPem(empty, rsaPem.key()))
            .getMessage()
            .contains("no '-----BEGIN CERTIFICATE-----' block"));
    assertTrue(
        assertThrows(TlsException.class, () -> TlsIdentity.fromPem(rsaPem.chain(), empty))
            .getMessage()
            .contains("no '-----BEGIN PRIVATE KEY-----' block"));
    Path missing = dir.resolve("missing.pem");
    assertEquals(
        "--tls-cert " + missing + ": no such file",
        assertThrows(TlsException.class, () -> TlsIdentity.fromPem(missing, rsaPem.key()))
            .getMessage());
  }
}
