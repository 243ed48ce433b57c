package io.keybox.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SecretHashTest {

  private static final int FAST = 1_000;
  // Base64 of 16 and of 32 zero bytes.
  private static final String SALT16 = "AAAAAAAAAAAAAAAAAAAAAA==";
  private static final String HASH32 = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

  @Test
  void hashThenVerify() {
    SecretHash hash = SecretHash.create("s3cret", FAST);
    assertTrue(hash.matches("s3cret"));
    assertTrue(SecretHash.parse(hash.encoded()).matches("s3cret"));
  }

  @Test
  void wrongSecretDoesNotMatch() {
    SecretHash hash = SecretHash.create("s3cret", FAST);
    assertFalse(hash.matches("s3cret "));
    assertFalse(hash.matches("S3cret"));
    assertFalse(hash.matches(""));
  }

  @Test
  void sameSecretHashesDifferentlyEachTime() {
    SecretHash a = SecretHash.create("s3cret", FAST);
    SecretHash b = SecretHash.create("s3cret", FAST);
    assertNotEquals(a.encoded(), b.encoded());
    assertNotEquals(a, b);
    assertTrue(a.matches("s3cret"));
    assertTrue(b.matches("s3cret"));
  }

  @Test
  void defaultIsSixHundredThousandIterations() {
    SecretHash hash = SecretHash.create("demo");
    assertEquals(600_000, hash.iterations());
    assertTrue(hash.encoded().startsWith("pbkdf2-sha256$600000$"), hash.encoded());
    assertTrue(hash.matches("demo"));
  }

  @Test
  void olderHashWithFewerIterationsStillVerifies() {
    String old = SecretHash.create("legacy", 10_000).encoded();
    assertTrue(old.startsWith("pbkdf2-sha256$10000$"), old);
    SecretHash parsed = SecretHash.parse(old);
    assertEquals(10_000, parsed.iterations());
    assertTrue(parsed.matches("legacy"));
    assertFalse(parsed.matches("legacy2"));
  }

  @Test
  void encodedFormIsSaltAndHashInBase64() {
    SecretHash hash = SecretHash.create("x", FAST);
    String[] parts = hash.encoded().split("\\$");
    assertEquals(4, parts.length);
    assertEquals(24, parts[2].length()); // 16 bytes
    assertEquals(44, parts[3].length()); // 32 bytes
    assertEquals(hash, SecretHash.parse(hash.encoded()));
  }

  /** RFC 7914 §11, the PBKDF2-HMAC-SHA256 test vectors (first 32 bytes of the 64 given). */
  @Test
  void matchesPublishedTestVectors() {
    assertEquals(
        "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc",
        HexFormat.of().formatHex(SecretHash.pbkdf2("passwd", bytes("salt"), 1, 32)));
    assertEquals(
        "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56",
        HexFormat.of().formatHex(SecretHash.pbkdf2("Password", bytes("NaCl"), 80_000, 32)));
    // A hash written by another implementation (Python: hashlib.pbkdf2_hmac("sha256", b"passwd",
    // b"saltsaltsaltsalt", 2, 32)) in our string form.
    SecretHash handWritten =
        SecretHash.parse(
            "pbkdf2-sha256$2$c2FsdHNhbHRzYWx0c2FsdA==$aZpkdzNQbYrxMJEc+e+hG+yaeiDlY2TZkFGoowc2VBc=");
    assertTrue(handWritten.matches("passwd"));
    assertFalse(handWritten.matches("passwd2"));
  }

  /** With one iteration PBKDF2 is HMAC(secret, salt || 00000001): the secret must be UTF-8. */
  @Test
  void secretIsHashedAsUtf8() throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(new byte[] {(byte) 0xC3, (byte) 0xA9}, "HmacSHA256")); // "é"
    mac.update(bytes("salt"));
    byte[] expected = mac.doFinal(new byte[] {0, 0, 0, 1});
    assertEquals(
        HexFormat.of().formatHex(expected),
        HexFormat.of().formatHex(SecretHash.pbkdf2("\u00e9", bytes("salt"), 1, 32)));

    SecretHash hash = SecretHash.create("pässwörd ✓ 鍵", FAST);
    assertTrue(hash.matches("pässwörd ✓ 鍵"));
    assertFalse(hash.matches("passwörd ✓ 鍵"));
  }

  @Test
  void toStringHidesSaltAndHash() {
    SecretHash hash = SecretHash.create("s3cret", FAST);
    String salt = hash.encoded().split("\\$")[2];
    assertEquals("pbkdf2-sha256$1000$<redacted>", hash.toString());
    assertFalse(hash.toString().contains(salt));
  }

  @Test
  void emptySecretCannotBeHashed() {
    assertThrows(IllegalArgumentException.class, () -> SecretHash.create("", FAST));
    assertThrows(IllegalArgumentException.class, () -> SecretHash.create("x", 0));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "''                                               | expected 4 parts",
        "pbkdf2-sha256                                    | expected 4 parts",
        "pbkdf2-sha256$600000$" + SALT16 + "             | expected 4 parts",
        "pbkdf2-sha256$600000$" + SALT16 + "$" + HASH32 + "$x | expected 4 parts",
        "bcrypt$600000$" + SALT16 + "$" + HASH32 + "     | unknown algorithm",
        "PBKDF2-SHA256$600000$" + SALT16 + "$" + HASH32 + " | unknown algorithm",
        "pbkdf2-sha256$0$" + SALT16 + "$" + HASH32 + "   | iteration count",
        "pbkdf2-sha256$-5$" + SALT16 + "$" + HASH32 + "  | iteration count",
        "pbkdf2-sha256$lots$" + SALT16 + "$" + HASH32 + " | iteration count",
        "pbkdf2-sha256$$" + SALT16 + "$" + HASH32 + "    | iteration count",
        "pbkdf2-sha256$99999999999$" + SALT16 + "$" + HASH32 + " | iteration count",
        "pbkdf2-sha256$10000001$" + SALT16 + "$" + HASH32 + " | iteration count",
        "pbkdf2-sha256$600000$$" + HASH32 + "            | salt is empty",
        "pbkdf2-sha256$600000$not*base64$" + HASH32 + "  | salt is not valid base64",
        "pbkdf2-sha256$600000$AAAA$" + HASH32 + "        | salt must be 8..64 bytes (got: 3)",
        "pbkdf2-sha256$600000$" + SALT16 + "$            | hash is empty",
        "pbkdf2-sha256$600000$" + SALT16 + "$AAAA        | hash must be 32 bytes (got: 3)",
        "pbkdf2-sha256$600000$" + SALT16 + "$" + SALT16 + " | hash must be 32 bytes (got: 16)",
        "pbkdf2-sha256$600000$" + SALT16 + "$" + HASH32 + "% | hash is not valid base64",
      })
  void malformedHashesAreRejected(String encoded, String problem) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SecretHash.parse(encoded));
    assertTrue(e.getMessage().contains(problem), e.getMessage());
    assertFalse(e.getMessage().contains(HASH32), "the message echoes the hash: " + e.getMessage());
  }

  @Test
  void wellFormedHandWrittenHashParses() {
    SecretHash hash = SecretHash.parse("pbkdf2-sha256$600000$" + SALT16 + "$" + HASH32);
    assertEquals(600_000, hash.iterations());
    assertEquals("pbkdf2-sha256$600000$" + SALT16 + "$" + HASH32, hash.encoded());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
