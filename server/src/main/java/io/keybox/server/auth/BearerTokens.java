package io.keybox.server.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;

/**
 * Short-lived bearer tokens for API keys (the RESO Web API's OAuth2 client credentials): HS256 JSON
 * Web Tokens signed with a key every node of a scaled-out set reads from the same file, so any node
 * accepts a token another issued. The token names the API key ({@code sub}); the key's vendors and
 * limits are looked up when the token is used, so a key removed from the keys file stops its tokens
 * at once.
 *
 * <p>Signing and verification are Nimbus JOSE+JWT's; nothing here is cryptography of our own.
 */
public final class BearerTokens {
  /** How long a token is valid. */
  public static final Duration LIFETIME = Duration.ofHours(1);

  /** The smallest key HS256 takes: 256 bits. */
  public static final int MIN_KEY_BYTES = 32;

  private static final String ISSUER = "keybox";

  private final MACSigner signer;
  private final MACVerifier verifier;
  private final Clock clock;

  /**
   * @param key the shared signing key, at least {@link #MIN_KEY_BYTES} bytes
   * @throws IllegalArgumentException when the key is shorter
   */
  public BearerTokens(byte[] key, Clock clock) {
    if (key.length < MIN_KEY_BYTES) {
      throw new IllegalArgumentException(
          "the token key must hold at least "
              + MIN_KEY_BYTES
              + " bytes (256 bits); got "
              + key.length);
    }
    try {
      this.signer = new MACSigner(key);
      this.verifier = new MACVerifier(key);
    } catch (JOSEException e) {
      throw new IllegalArgumentException("unusable token key: " + e.getMessage(), e);
    }
    this.clock = clock;
  }

  /**
   * The tokens signed with the key in {@code file} (its bytes, surrounding whitespace removed, so a
   * key written by {@code openssl rand -base64 48 > file} works as is).
   *
   * @throws IOException when the file cannot be read
   * @throws IllegalArgumentException when the key is too short
   */
  public static BearerTokens fromFile(Path file, Clock clock) throws IOException {
    byte[] key = Files.readString(file).strip().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    try {
      return new BearerTokens(key, clock);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /** A token issued now. */
  public record Issued(String token, long expiresInSeconds) {}

  /** A fresh token for the API key {@code key}, valid for {@link #LIFETIME}. */
  public Issued issue(String key) {
    Instant now = clock.instant();
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .issuer(ISSUER)
            .subject(key)
            .issueTime(Date.from(now))
            .expirationTime(Date.from(now.plus(LIFETIME)))
            .jwtID(UUID.randomUUID().toString())
            .build();
    SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
    try {
      jwt.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot sign a token", e);
    }
    return new Issued(jwt.serialize(), LIFETIME.toSeconds());
  }

  /**
   * The API key {@code token} was issued for.
   *
   * @throws RejectedException when the token is malformed, not signed with this key, not ours, or
   *     expired (the message says which, without echoing the token)
   */
  public String verify(String token) {
    SignedJWT jwt;
    try {
      jwt = SignedJWT.parse(token);
    } catch (ParseException e) {
      throw new RejectedException("malformed bearer token");
    }
    try {
      if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
        throw new RejectedException("bearer token not signed by this service");
      }
      JWTClaimsSet claims = jwt.getJWTClaimsSet();
      if (!ISSUER.equals(claims.getIssuer()) || claims.getSubject() == null) {
        throw new RejectedException("bearer token not issued by this service");
      }
      Date expires = claims.getExpirationTime();
      if (expires == null || !expires.toInstant().isAfter(clock.instant())) {
        throw new RejectedException("expired bearer token; ask POST /oauth2/token for a new one");
      }
      return claims.getSubject();
    } catch (JOSEException | ParseException e) {
      throw new RejectedException("bearer token not signed by this service");
    }
  }

  /** A token that authenticates no one; the message is fit for a 401. */
  public static final class RejectedException extends RuntimeException {
    RejectedException(String message) {
      super(message, null, false, false);
    }
  }
}
