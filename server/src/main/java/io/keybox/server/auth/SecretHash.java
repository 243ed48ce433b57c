package io.keybox.server.auth;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A salted slow hash of an API secret: PBKDF2-HMAC-SHA256, written as one self-describing string
 *
 * <pre>pbkdf2-sha256$600000$&lt;salt, base64&gt;$&lt;hash, base64&gt;</pre>
 *
 * <p>{@link #create(String)} hashes a new secret with a fresh random 16-byte salt and {@link
 * #DEFAULT_ITERATIONS}; {@link #parse(String)} reads the string back and {@link #matches(String)}
 * checks a secret against it in constant time. The iteration count travels in the string, so
 * raising the default later keeps older hashes working.
 *
 * <p>NOTE: {@link #toString()} hides the salt and hash so an {@link Account} can be logged; use
 * {@link #encoded()} for the keys file.
 */
public final class SecretHash {

  /** The iteration count of new hashes: OWASP's recommendation for PBKDF2-HMAC-SHA256. */
  public static final int DEFAULT_ITERATIONS = 600_000;

  /** The largest iteration count a hash may carry, so a typo cannot stall every login. */
  public static final int MAX_ITERATIONS = 10_000_000;

  static final String ALGORITHM = "pbkdf2-sha256";
  private static final int SALT_BYTES = 16;
  private static final int HASH_BYTES = 32;
  private static final int MIN_SALT_BYTES = 8;
  private static final int MAX_SALT_BYTES = 64;
  private static final String FORMAT = ALGORITHM + "$<iterations>$<salt base64>$<hash base64>";
  private static final SecureRandom RANDOM = new SecureRandom();

  private final int iterations;
  private final byte[] salt;
  private final byte[] hash;

  private SecretHash(int iterations, byte[] salt, byte[] hash) {
    this.iterations = iterations;
    this.salt = salt;
    this.hash = hash;
  }

  /** Hashes {@code secret} with a random salt and {@link #DEFAULT_ITERATIONS}. */
  public static SecretHash create(String secret) {
    return create(secret, DEFAULT_ITERATIONS);
  }

  /**
   * Hashes {@code secret} with a random salt and the given iteration count.
   *
   * <p>NOTE: counts below the default are for tests only.
   *
   * @throws IllegalArgumentException if the secret is empty or the count is not 1..{@link
   *     #MAX_ITERATIONS}
   */
  public static SecretHash create(String secret, int iterations) {
    if (secret.isEmpty()) {
      throw new IllegalArgumentException("secret must not be empty");
    }
    checkIterations(iterations);
    byte[] salt = new byte[SALT_BYTES];
    RANDOM.nextBytes(salt);
    return new SecretHash(iterations, salt, pbkdf2(secret, salt, iterations, HASH_BYTES));
  }

  /**
   * A hash that no secret matches, with the given iteration count: checking a secret against it
   * costs as much as checking a real one. Used for unknown keys, so that timing does not tell which
   * keys exist.
   */
  static SecretHash unmatchable(int iterations) {
    checkIterations(iterations);
    byte[] salt = new byte[SALT_BYTES];
    RANDOM.nextBytes(salt);
    // A random "hash" that was never derived from anything: matching it means breaking SHA-256.
    byte[] hash = new byte[HASH_BYTES];
    RANDOM.nextBytes(hash);
    return new SecretHash(iterations, salt, hash);
  }

  /**
   * Reads a hash written by {@link #encoded()}.
   *
   * @throws IllegalArgumentException naming what is wrong (never echoing the salt or hash)
   */
  public static SecretHash parse(String encoded) {
    String[] parts = encoded.split("\\$", -1);
    if (parts.length != 4) {
      throw new IllegalArgumentException(
          "expected 4 parts separated by '$' (" + FORMAT + "), got " + parts.length);
    }
    if (!parts[0].equals(ALGORITHM)) {
      throw new IllegalArgumentException(
          "unknown algorithm; expected '" + ALGORITHM + "' (" + FORMAT + ")");
    }
    int iterations;
    try {
      iterations = parts[1].matches("[0-9]{1,10}") ? Integer.parseInt(parts[1]) : -1;
    } catch (NumberFormatException e) {
      iterations = -1;
    }
    if (iterations < 1 || iterations > MAX_ITERATIONS) {
      throw new IllegalArgumentException("iteration count must be an integer 1.." + MAX_ITERATIONS);
    }
    byte[] salt = decode(parts[2], "salt");
    if (salt.length < MIN_SALT_BYTES || salt.length > MAX_SALT_BYTES) {
      throw new IllegalArgumentException(
          "salt must be "
              + MIN_SALT_BYTES
              + ".."
              + MAX_SALT_BYTES
              + " bytes (got: "
              + salt.length
              + ")");
    }
    byte[] hash = decode(parts[3], "hash");
    if (hash.length != HASH_BYTES) {
      throw new IllegalArgumentException(
          "hash must be " + HASH_BYTES + " bytes (got: " + hash.length + ")");
    }
    return new SecretHash(iterations, salt, hash);
  }

  /**
   * True when {@code secret} is the one this hash was made from. Takes the same time either way.
   */
  public boolean matches(String secret) {
    if (secret.isEmpty()) {
      return false;
    }
    return MessageDigest.isEqual(pbkdf2(secret, salt, iterations, hash.length), hash);
  }

  /** The iteration count this hash was made with. */
  public int iterations() {
    return iterations;
  }

  /** The string form for the keys file: {@code pbkdf2-sha256$<iterations>$<salt>$<hash>}. */
  public String encoded() {
    Base64.Encoder b64 = Base64.getEncoder();
    return ALGORITHM
        + "$"
        + iterations
        + "$"
        + b64.encodeToString(salt)
        + "$"
        + b64.encodeToString(hash);
  }

  /** The algorithm and iteration count only: safe to log. */
  @Override
  public String toString() {
    return ALGORITHM + "$" + iterations + "$<redacted>";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SecretHash other
        && iterations == other.iterations
        && Arrays.equals(salt, other.salt)
        && Arrays.equals(hash, other.hash);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * iterations + Arrays.hashCode(salt)) + Arrays.hashCode(hash);
  }

  private static void checkIterations(int iterations) {
    if (iterations < 1 || iterations > MAX_ITERATIONS) {
      throw new IllegalArgumentException(
          "iterations must be 1.." + MAX_ITERATIONS + " (got: " + iterations + ")");
    }
  }

  private static byte[] decode(String base64, String what) {
    if (base64.isEmpty()) {
      throw new IllegalArgumentException(what + " is empty");
    }
    try {
      return Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(what + " is not valid base64");
    }
  }

  /** PBKDF2-HMAC-SHA256 (RFC 8018 §5.2) of the secret's UTF-8 bytes. */
  static byte[] pbkdf2(String secret, byte[] salt, int iterations, int length) {
    PBEKeySpec spec = new PBEKeySpec(secret.toCharArray(), salt, iterations, length * 8);
    try {
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PBKDF2WithHmacSHA256 is not available in this JDK", e);
    } finally {
      spec.clearPassword();
    }
  }
}
