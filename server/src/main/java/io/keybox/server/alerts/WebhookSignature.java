package io.keybox.server.alerts;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com/): a secret is {@code whsec_} and the
 * Base64 of random bytes; the signature of a delivery is {@code v1,} and the Base64 of the
 * HMAC-SHA256, keyed with those bytes, of {@code id.timestamp.body}.
 */
public final class WebhookSignature {
  /** The prefix of every secret. */
  public static final String SECRET_PREFIX = "whsec_";

  private static final int SECRET_BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  private WebhookSignature() {}

  /** A new random secret. */
  public static String newSecret() {
    byte[] key = new byte[SECRET_BYTES];
    RANDOM.nextBytes(key);
    return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
  }

  /**
   * The {@code webhook-signature} header of {@code body} sent as {@code id} at {@code timestamp}.
   */
  public static String sign(String secret, String id, long timestamp, byte[] body) {
    if (!secret.startsWith(SECRET_PREFIX)) {
      throw new IllegalArgumentException("not a webhook secret");
    }
    byte[] key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
      return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }

  /**
   * What may be shown of {@code secret} after its creation: its first and last characters, so an
   * operator can tell two secrets apart without being able to sign with either.
   */
  public static String hint(String secret) {
    return secret.substring(0, SECRET_PREFIX.length() + 4)
        + "..."
        + secret.substring(secret.length() - 4);
  }
}
