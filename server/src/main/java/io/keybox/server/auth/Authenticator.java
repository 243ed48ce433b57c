package io.keybox.server.auth;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;

/**
 * Checks HTTP Basic credentials (user = API key, password = secret) against the current accounts.
 *
 * <pre>{@code
 * Optional<Account> account = authenticator.authenticate(exchange.getRequestHeader("Authorization"));
 * if (account.isEmpty()) {
 *   // 401 with WWW-Authenticate: Basic realm="keybox"
 * }
 * }</pre>
 *
 * <p>Verifying a secret costs one slow hash (about 0.1–0.4 s at the default 600,000 iterations), so
 * credentials that verified are remembered in a bounded cache keyed by a salted SHA-256 of {@code
 * key:secret} (never the secret itself). A request for an unknown key spends the same hashing time
 * as one for a known key, so response times do not tell which keys exist. Failed checks are never
 * cached: each costs a full hash.
 *
 * <p>Requests that bring the same uncached credentials while they are being checked wait for that
 * one check instead of hashing again. At most a few slow hashes run at once (half the cores) and
 * only a few requests may wait for one; beyond that {@link #authenticate} throws {@link
 * BusyException} rather than queue, so a flood of wrong secrets cannot take every thread. {@link
 * #authenticateCached} never hashes: the HTTP layer answers requests with cached credentials
 * through it before it throttles the others.
 *
 * <p>{@link #replaceAccounts} swaps the accounts and drops the cache in one step, so a changed or
 * removed key stops working at once. A request already being checked finishes against the accounts
 * it started with.
 *
 * <p>Thread-safe: any number of request threads may call {@link #authenticate} concurrently.
 */
public final class Authenticator {

  /** How many requests may wait for one check of the same credentials; more are refused busy. */
  static final int MAX_SHARED_WAITERS = 8;

  /** How many verified credentials are remembered by default. */
  public static final int DEFAULT_CACHE_CAPACITY = 10_000;

  /**
   * Longer {@code Authorization} values are refused without decoding. Room for a long key and the
   * longest secret {@code keys hash} accepts (1,024 characters, up to 3 bytes each in UTF-8).
   */
  static final int MAX_HEADER_LENGTH = 8192;

  private static final SecureRandom RANDOM = new SecureRandom();

  private final int cacheCapacity;
  private final BiPredicate<SecretHash, String> verifier;
  private final VerificationGate gate;
  private volatile State state;
  private volatile Optional<BearerTokens> bearerTokens = Optional.empty();

  /**
   * The accounts of one keys file with everything derived from them, swapped as one: the hash that
   * unknown keys are checked against, and the credentials verified against these accounts.
   */
  private record State(
      Accounts accounts,
      SecretHash unknownKeyHash,
      byte[] cacheSalt,
      Cache verified,
      ConcurrentMap<String, Check> checking) {
    static State of(Accounts accounts, int cacheCapacity) {
      byte[] salt = new byte[16];
      RANDOM.nextBytes(salt);
      return new State(
          accounts,
          SecretHash.unmatchable(accounts.typicalIterations()),
          salt,
          new Cache(cacheCapacity),
          new ConcurrentHashMap<>());
    }
  }

  /**
   * An authenticator with no accounts yet: it refuses everything until {@link #replaceAccounts}.
   */
  public Authenticator() {
    this(Accounts.empty());
  }

  /** An authenticator for these accounts with the default cache capacity. */
  public Authenticator(Accounts accounts) {
    this(accounts, DEFAULT_CACHE_CAPACITY, SecretHash::matches);
  }

  /**
   * For tests: a chosen cache capacity and a verifier that can count how often the slow hash runs.
   */
  Authenticator(Accounts accounts, int cacheCapacity, BiPredicate<SecretHash, String> verifier) {
    this(accounts, cacheCapacity, verifier, VerificationGate.defaults());
  }

  /** For tests: also a chosen gate for the slow hash. */
  Authenticator(
      Accounts accounts,
      int cacheCapacity,
      BiPredicate<SecretHash, String> verifier,
      VerificationGate gate) {
    if (cacheCapacity < 0) {
      throw new IllegalArgumentException("cacheCapacity must be >= 0 (got: " + cacheCapacity + ")");
    }
    this.cacheCapacity = cacheCapacity;
    this.verifier = verifier;
    this.gate = gate;
    this.state = State.of(accounts, cacheCapacity);
  }

  /**
   * The account whose key and secret are in this {@code Authorization} header value.
   *
   * @param authorization the raw header value; may be null, empty, of another scheme, or garbage
   * @return the account, or empty for a missing or malformed header, a scheme other than Basic, an
   *     unknown key or a wrong secret
   * @throws BusyException when the credentials are not cached and too many slow hashes are running
   *     or waiting already; nothing was checked
   */
  public Optional<Account> authenticate(String authorization) {
    return authenticate(authorization, true);
  }

  /**
   * The account of this {@code Authorization} header value if its credentials were verified before
   * and are still cached; never runs the slow hash.
   *
   * @return the account, or empty when the credentials are not cached (they may still be right)
   */
  public Optional<Account> authenticateCached(String authorization) {
    return authenticate(authorization, false);
  }

  /** True when this header value holds Basic credentials at all (a key, a colon, a secret). */
  public static boolean isWellFormed(String authorization) {
    byte[] credentials = decodeBasic(authorization);
    if (credentials == null) {
      return false;
    }
    int colon = indexOf(credentials, (byte) ':');
    Arrays.fill(credentials, (byte) 0);
    return colon > 0 && colon < credentials.length - 1;
  }

  private Optional<Account> authenticate(String authorization, boolean mayHash) {
    byte[] credentials = decodeBasic(authorization);
    if (credentials == null) {
      return Optional.empty();
    }
    try {
      return check(state, credentials, mayHash);
    } finally {
      Arrays.fill(credentials, (byte) 0);
    }
  }

  /**
   * Makes these the accounts that {@link #authenticate} checks against, and forgets every
   * credential verified against the previous ones.
   */
  public void replaceAccounts(Accounts accounts) {
    state = State.of(accounts, cacheCapacity);
  }

  /**
   * Accepts bearer tokens signed by {@code tokens} from now on (the RESO Web API's OAuth2 client
   * credentials; {@code serve --token-key}).
   */
  public void acceptBearerTokens(BearerTokens tokens) {
    this.bearerTokens = Optional.of(tokens);
  }

  /** The bearer tokens accepted, if the server issues any. */
  public Optional<BearerTokens> bearerTokens() {
    return bearerTokens;
  }

  /** The accounts currently checked against. */
  public Accounts accounts() {
    return state.accounts();
  }

  /**
   * How many requests are waiting now for a check of the same credentials that another request
   * runs. For tests, which wait for this state rather than for a while.
   */
  int sharedWaiters() {
    return state.checking().values().stream().mapToInt(check -> check.waiters.get()).sum();
  }

  private Optional<Account> check(State current, byte[] credentials, boolean mayHash) {
    int colon = indexOf(credentials, (byte) ':');
    if (colon <= 0 || colon == credentials.length - 1) {
      return Optional.empty(); // no colon, empty key or empty secret
    }
    String fingerprint = fingerprint(current.cacheSalt(), credentials);
    Account cached = current.verified().get(fingerprint);
    if (cached != null) {
      return Optional.of(cached);
    }
    if (!mayHash) {
      return Optional.empty();
    }
    // The same credentials being checked already (a page whose widgets call at once, right after
    // a start or a keys reload): wait for that answer rather than hash again or be refused busy.
    Check mine = new Check();
    Check running = current.checking().putIfAbsent(fingerprint, mine);
    if (running != null) {
      return running.await();
    }
    try {
      Optional<Account> account = verify(current, credentials, colon, fingerprint);
      mine.answer.complete(account);
      return account;
    } catch (RuntimeException | Error e) {
      mine.answer.completeExceptionally(e);
      throw e;
    } finally {
      current.checking().remove(fingerprint, mine);
    }
  }

  /**
   * A check of one set of credentials in progress, which other requests with the same credentials
   * may wait for. The owner's own wait is bounded by the gate and the hash, so a waiter is too; at
   * most {@link #MAX_SHARED_WAITERS} wait, so that a flood of the same credentials (right or wrong)
   * from many addresses is refused busy, as before, rather than holding a thread each.
   */
  private static final class Check {
    final CompletableFuture<Optional<Account>> answer = new CompletableFuture<>();
    final AtomicInteger waiters = new AtomicInteger(); // waiting now

    /** The owner's answer; its exception (e.g. {@link BusyException}) as it was thrown. */
    Optional<Account> await() {
      try {
        if (waiters.incrementAndGet() > MAX_SHARED_WAITERS) {
          throw new BusyException();
        }
        return answer.join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException runtime) {
          throw runtime;
        }
        if (e.getCause() instanceof Error error) {
          throw error;
        }
        throw e;
      } finally {
        waiters.decrementAndGet();
      }
    }
  }

  /** Runs the slow hash for uncached credentials, through the gate; caches a success. */
  private Optional<Account> verify(
      State current, byte[] credentials, int colon, String fingerprint) {
    String key;
    String secret;
    try {
      // RFC 7617 §2.1: the credentials are UTF-8; bytes that are not UTF-8 match no secret.
      key = decodeUtf8(credentials, 0, colon);
      secret = decodeUtf8(credentials, colon + 1, credentials.length - colon - 1);
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
    Optional<Account> account = current.accounts().find(key);
    if (account.isEmpty()) {
      gate.run(() -> verifier.test(current.unknownKeyHash(), secret)); // as long as a known key
      return Optional.empty();
    }
    if (!gate.run(() -> verifier.test(account.get().secretHash(), secret))) {
      return Optional.empty();
    }
    current.verified().put(fingerprint, account.get());
    return account;
  }

  /** The decoded {@code key:secret} bytes of a Basic header value, or null. */
  private static byte[] decodeBasic(String authorization) {
    if (authorization == null || authorization.length() > MAX_HEADER_LENGTH) {
      return null;
    }
    String value = authorization.strip();
    // RFC 7235: the scheme is case-insensitive and followed by at least one space.
    if (value.length() < 7
        || !value.regionMatches(true, 0, "Basic", 0, 5)
        || value.charAt(5) != ' ') {
      return null;
    }
    String token = unquote(value.substring(6).stripLeading());
    try {
      return Base64.getDecoder().decode(token);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * The token without one pair of matching single or double quotes around it: the upstream API's
   * PHP example sends {@code Basic 'c2ltc...'}, and its users copy it.
   */
  private static String unquote(String token) {
    if (token.length() >= 2) {
      char first = token.charAt(0);
      if ((first == '\'' || first == '"') && token.charAt(token.length() - 1) == first) {
        return token.substring(1, token.length() - 1);
      }
    }
    return token;
  }

  private static String decodeUtf8(byte[] bytes, int offset, int length)
      throws CharacterCodingException {
    return StandardCharsets.UTF_8
        .newDecoder()
        .decode(ByteBuffer.wrap(bytes, offset, length))
        .toString();
  }

  private static int indexOf(byte[] bytes, byte b) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }

  private static String fingerprint(byte[] salt, byte[] credentials) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      sha256.update(salt);
      return HexFormat.of().formatHex(sha256.digest(credentials));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available in this JDK", e);
    }
  }

  /**
   * Too many slow hashes are running or waiting to check uncached credentials; the request should
   * be retried shortly. Carries no stack trace: it is an answer, not a failure.
   */
  public static final class BusyException extends RuntimeException {
    BusyException() {
      super("too many credentials are being checked at once", null, false, false);
    }
  }

  /** Verified credentials: fingerprint → account, holding at most about {@code capacity}. */
  private static final class Cache {
    private final int capacity;
    private final ConcurrentHashMap<String, Account> entries = new ConcurrentHashMap<>();

    Cache(int capacity) {
      this.capacity = capacity;
    }

    Account get(String fingerprint) {
      return entries.get(fingerprint);
    }

    void put(String fingerprint, Account account) {
      if (capacity == 0) {
        return;
      }
      // Only verified credentials get here, so there is at most one entry per key: the bound
      // matters only past that many keys, where dropping any entry costs one more slow hash.
      if (entries.size() >= capacity) {
        Iterator<String> it = entries.keySet().iterator();
        if (it.hasNext()) {
          it.next();
          it.remove();
        }
      }
      entries.put(fingerprint, account);
    }
  }
}
