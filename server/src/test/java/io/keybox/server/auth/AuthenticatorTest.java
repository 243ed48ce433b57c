package io.keybox.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class AuthenticatorTest {

  private static final int FAST = 1_000;

  private static final Account ALICE = account("alice", "wonderland", FAST);
  private static final Account BOB = account("bob", "pa:ss:word", FAST);
  private static final Account CHLOE = account("chloé", "pässwörd ✓ 鍵", FAST);
  private static final Accounts ACCOUNTS = Accounts.of(List.of(ALICE, BOB, CHLOE));

  /** Counts the slow hashes and records the iteration count of each. */
  private final AtomicInteger verifications = new AtomicInteger();

  private final List<Integer> iterationsChecked = new ArrayList<>();

  private Authenticator counting(Accounts accounts, int cacheCapacity) {
    return new Authenticator(
        accounts,
        cacheCapacity,
        (hash, secret) -> {
          verifications.incrementAndGet();
          synchronized (iterationsChecked) {
            iterationsChecked.add(hash.iterations());
          }
          return hash.matches(secret);
        },
        // Wide enough for every thread of these tests: the gate has tests of its own below.
        new VerificationGate(16, 16, Duration.ofSeconds(30)));
  }

  @Test
  void goodCredentials() {
    Authenticator auth = new Authenticator(ACCOUNTS);
    assertEquals(Optional.of(ALICE), auth.authenticate(basic("alice:wonderland")));
  }

  @Test
  void aTokenInQuotesIsReadAsIfBare() {
    // The upstream API's PHP example sends the token in single quotes; others copy it with double.
    Authenticator auth = new Authenticator(ACCOUNTS);
    // base64("alice:wonderland"), written out by hand.
    String token = "YWxpY2U6d29uZGVybGFuZA==";
    assertEquals(Optional.of(ALICE), auth.authenticate("Basic '" + token + "'"));
    assertEquals(Optional.of(ALICE), auth.authenticate("Basic \"" + token + "\""));
    assertEquals(Optional.of(ALICE), auth.authenticate("basic  '" + token + "' "));
    assertEquals(Optional.empty(), auth.authenticate("Basic '" + token + "\""), "unmatched");
    assertEquals(Optional.empty(), auth.authenticate("Basic '" + token), "unclosed");
    assertEquals(Optional.empty(), auth.authenticate("Basic ''"));
    assertEquals(Optional.empty(), auth.authenticate("Basic ''" + token + "''"), "one pair only");
  }

  @Test
  void wrongSecret() {
    Authenticator auth = new Authenticator(ACCOUNTS);
    assertEquals(Optional.empty(), auth.authenticate(basic("alice:wonderlan")));
    assertEquals(Optional.empty(), auth.authenticate(basic("alice:Wonderland")));
    assertEquals(Optional.empty(), auth.authenticate(basic("alice:wonderland ")));
    assertEquals(Optional.empty(), auth.authenticate(basic("bob:wonderland")));
  }

  @Test
  void unknownKeyCostsOneSlowHashLikeAKnownOne() {
    Authenticator auth = counting(ACCOUNTS, 100);
    assertEquals(Optional.empty(), auth.authenticate(basic("mallory:wonderland")));
    assertEquals(1, verifications.get());
    assertEquals(List.of(FAST), iterationsChecked);
  }

  @Test
  void unknownKeyHashUsesTheIterationCountMostKeysUse() {
    Accounts mixed =
        Accounts.of(List.of(account("a", "x", 2_000), account("b", "x", 3_000), ALICE, BOB));
    Authenticator auth = counting(mixed, 100);
    auth.authenticate(basic("nobody:x"));
    assertEquals(List.of(FAST), iterationsChecked);
  }

  @Test
  void unknownKeyWithNoAccountsCostsTheDefault() {
    List<Integer> checked = new ArrayList<>();
    // This verifier records the count without hashing 600,000 times.
    Authenticator auth =
        new Authenticator(
            Accounts.empty(),
            100,
            (hash, secret) -> {
              checked.add(hash.iterations());
              return false;
            });
    assertEquals(Optional.empty(), auth.authenticate(basic("nobody:x")));
    assertEquals(List.of(SecretHash.DEFAULT_ITERATIONS), checked);
  }

  @ParameterizedTest
  @NullSource
  @ValueSource(
      strings = {
        "",
        " ",
        "Basic",
        "Basic ",
        "Bearer x",
        "Bearer YWxpY2U6d29uZGVybGFuZA==", // a Bearer token holding good Basic credentials
        "Digest username=\"alice\"",
        "BasicYWxpY2U6d29uZGVybGFuZA==", // no space after the scheme
        "Basic YWxpY2U6d29uZGVybGFuZ", // truncated: one character of a 4-character group left
        "Basic !!!!",
        "Basic YWxp Y2U6d29uZGVybGFuZA==", // space inside the token
        "Basic YWxpY2U6d29uZGVybGFuZA==,", // trailing junk
        "Basic YWxpY2Ut d29uZGVybGFuZA==",
        "Basic YWxpY2U=", // "alice": no colon
        "Basic OndvbmRlcmxhbmQ=", // ":wonderland": empty key
        "Basic YWxpY2U6", // "alice:": empty secret
        "Basic Og==", // ":"
        "Basic YTr/", // "a:" and the byte FF: not UTF-8
        "Basic /zph", // FF, ":a"
      })
  void missingOrMalformedHeadersAreRefusedWithoutHashing(String header) {
    Authenticator auth = counting(ACCOUNTS, 100);
    assertEquals(Optional.empty(), auth.authenticate(header));
    assertEquals(0, verifications.get());
  }

  @Test
  void hugeHeaderIsRefusedWithoutDecoding() {
    Authenticator auth = counting(ACCOUNTS, 100);
    String huge = basic("alice:wonderland" + "x".repeat(100_000));
    assertEquals(Optional.empty(), auth.authenticate(huge));
    assertEquals(0, verifications.get());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Basic YWxpY2U6d29uZGVybGFuZA==",
        "basic YWxpY2U6d29uZGVybGFuZA==", // the scheme is case-insensitive
        "BASIC YWxpY2U6d29uZGVybGFuZA==",
        "Basic   YWxpY2U6d29uZGVybGFuZA==  ", // extra spaces around the token
        "Basic YWxpY2U6d29uZGVybGFuZA", // padding left off
      })
  void acceptedSpellingsOfGoodCredentials(String header) {
    assertEquals(Optional.of(ALICE), new Authenticator(ACCOUNTS).authenticate(header));
  }

  @Test
  void longestSecretOfKeysHashFitsInAHeader() {
    String secret = "鍵".repeat(1024); // 3 bytes each in UTF-8
    String key = "k".repeat(100);
    Account account = account(key, secret, FAST);
    Authenticator auth = new Authenticator(Accounts.of(List.of(account)));
    assertEquals(Optional.of(account), auth.authenticate(basic(key + ":" + secret)));
  }

  @Test
  void secretContainingColonsIsSplitAtTheFirstColon() {
    Authenticator auth = new Authenticator(ACCOUNTS);
    assertEquals(Optional.of(BOB), auth.authenticate(basic("bob:pa:ss:word")));
    assertEquals(Optional.empty(), auth.authenticate(basic("bob:pa")));
    assertEquals(Optional.empty(), auth.authenticate(basic("bob:pa:ss")));
  }

  @Test
  void nonAsciiKeyAndSecretAreUtf8() {
    Authenticator auth = new Authenticator(ACCOUNTS);
    assertEquals(Optional.of(CHLOE), auth.authenticate(basic("chloé:pässwörd ✓ 鍵")));
    // The same text sent as ISO-8859-1 bytes is a different (and invalid UTF-8) credential.
    String latin1 =
        "Basic "
            + Base64.getEncoder()
                .encodeToString("chloé:pässwörd".getBytes(StandardCharsets.ISO_8859_1));
    assertEquals(Optional.empty(), auth.authenticate(latin1));
  }

  @Test
  void secondVerificationComesFromTheCache() {
    Authenticator auth = counting(ACCOUNTS, 100);
    assertEquals(Optional.of(ALICE), auth.authenticate(basic("alice:wonderland")));
    assertEquals(1, verifications.get());
    assertSame(ALICE, auth.authenticate(basic("alice:wonderland")).orElseThrow());
    assertSame(ALICE, auth.authenticate("basic  " + b64("alice:wonderland")).orElseThrow());
    assertEquals(1, verifications.get());
  }

  @Test
  void failuresAreNeverCached() {
    Authenticator auth = counting(ACCOUNTS, 100);
    auth.authenticate(basic("alice:wrong"));
    auth.authenticate(basic("alice:wrong"));
    auth.authenticate(basic("mallory:x"));
    auth.authenticate(basic("mallory:x"));
    assertEquals(4, verifications.get());
  }

  @Test
  void cacheIsBounded() {
    Authenticator auth = counting(ACCOUNTS, 1);
    auth.authenticate(basic("alice:wonderland"));
    auth.authenticate(basic("bob:pa:ss:word")); // evicts alice
    auth.authenticate(basic("alice:wonderland"));
    assertEquals(3, verifications.get());
  }

  @Test
  void replacingAccountsDropsTheCache() {
    Authenticator auth = counting(ACCOUNTS, 100);
    auth.authenticate(basic("alice:wonderland"));
    auth.replaceAccounts(ACCOUNTS);
    assertEquals(Optional.of(ALICE), auth.authenticate(basic("alice:wonderland")));
    assertEquals(2, verifications.get());
  }

  @Test
  void changedOrRemovedKeyStopsWorkingAtOnce() {
    Authenticator auth = counting(ACCOUNTS, 100);
    assertTrue(auth.authenticate(basic("alice:wonderland")).isPresent()); // now cached
    Account newAlice = account("alice", "looking-glass", FAST);
    auth.replaceAccounts(Accounts.of(List.of(newAlice, BOB)));
    assertEquals(Optional.empty(), auth.authenticate(basic("alice:wonderland")));
    assertEquals(Optional.of(newAlice), auth.authenticate(basic("alice:looking-glass")));

    assertTrue(auth.authenticate(basic("bob:pa:ss:word")).isPresent()); // now cached
    auth.replaceAccounts(Accounts.of(List.of(newAlice)));
    assertEquals(Optional.empty(), auth.authenticate(basic("bob:pa:ss:word")));
    assertEquals(Accounts.of(List.of(newAlice)), auth.accounts());
  }

  @Test
  void noAccountsRefusesEveryone() {
    assertEquals(Optional.empty(), new Authenticator().authenticate(basic("alice:wonderland")));
  }

  @Test
  void manyThreadsAtOnceWhileAccountsAreReplaced() throws Exception {
    Authenticator auth = counting(ACCOUNTS, 100);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        results.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 200; i++) {
                    if (thread == 0 && i % 20 == 0) {
                      auth.replaceAccounts(ACCOUNTS);
                    }
                    assertEquals(Optional.of(ALICE), auth.authenticate(basic("alice:wonderland")));
                    assertEquals(
                        Optional.of(CHLOE), auth.authenticate(basic("chloé:pässwörd ✓ 鍵")));
                    assertEquals(Optional.empty(), auth.authenticate(basic("bob:wrong")));
                  }
                  return null;
                }));
      }
      for (Future<?> result : results) {
        result.get();
      }
    } finally {
      pool.shutdownNow();
    }
    // bob:wrong is hashed every time (1,600); alice and chloé only again after a replacement.
    assertTrue(verifications.get() < 8 * 200 + 1_000, "verifications: " + verifications.get());
  }

  private static Account account(String key, String secret, int iterations) {
    return new Account(
        key,
        List.of("houston"),
        Set.of(),
        RateLimit.DEFAULT,
        SecretHash.create(secret, iterations));
  }

  private static String basic(String keyColonSecret) {
    return "Basic " + b64(keyColonSecret);
  }

  private static String b64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void cachedLookupNeverHashes() {
    Authenticator auth = counting(ACCOUNTS, 100);
    assertEquals(Optional.empty(), auth.authenticateCached(basic("alice:wonderland")));
    assertEquals(0, verifications.get());
    assertEquals(Optional.of(ALICE), auth.authenticate(basic("alice:wonderland")));
    assertEquals(Optional.of(ALICE), auth.authenticateCached(basic("alice:wonderland")));
    assertEquals(Optional.empty(), auth.authenticateCached(basic("alice:wrong")));
    assertEquals(1, verifications.get());
  }

  @ParameterizedTest
  @ValueSource(strings = {"Basic YWxpY2U6d29uZGVybGFuZA==", "basic   Ym9iOng="})
  void wellFormedCredentials(String header) {
    assertTrue(Authenticator.isWellFormed(header));
  }

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(
      strings = {"Bearer abc", "Basic", "Basic !!!", "Basic YWxpY2U=", "Basic OnNlY3JldA=="})
  void malformedCredentials(String header) {
    assertFalse(Authenticator.isWellFormed(header));
  }

  /**
   * A slow hash that holds the secrets {@code held} picks until {@link #release}: it counts the
   * hashes and opens {@link #hashing} when the first held one starts.
   */
  private static final class HeldHash implements BiPredicate<SecretHash, String> {
    final CountDownLatch hashing = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicInteger hashes = new AtomicInteger();
    private final Predicate<String> held;

    HeldHash(Predicate<String> held) {
      this.held = held;
    }

    /**
     * An authenticator of {@link #ACCOUNTS} hashing through this, behind a gate of one permit that
     * {@code queued} requests may wait {@code wait} for.
     */
    Authenticator behindOnePermit(int queued, Duration wait) {
      return new Authenticator(ACCOUNTS, 100, this, new VerificationGate(1, queued, wait));
    }

    @Override
    public boolean test(SecretHash hash, String secret) {
      hashes.incrementAndGet();
      if (held.test(secret)) {
        hashing.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return hash.matches(secret);
    }
  }

  @Test
  void slowHashesBeyondTheGateAreRefusedWhileCachedCredentialsPass() throws Exception {
    HeldHash slowHash = new HeldHash(secret -> secret.equals("slow"));
    Authenticator auth = slowHash.behindOnePermit(0, Duration.ofSeconds(5));
    assertEquals(Optional.of(ALICE), auth.authenticate(basic("alice:wonderland"))); // now cached
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Optional<Account>> slow = pool.submit(() -> auth.authenticate(basic("bob:slow")));
      assertTrue(slowHash.hashing.await(5, TimeUnit.SECONDS));
      // The one permit is taken and nobody may wait: an uncached check is refused at once...
      assertThrows(
          Authenticator.BusyException.class, () -> auth.authenticate(basic("bob:pa:ss:word")));
      // ...while cached credentials are answered without the gate.
      assertEquals(Optional.of(ALICE), auth.authenticate(basic("alice:wonderland")));
      slowHash.release.countDown();
      assertEquals(Optional.empty(), slow.get(5, TimeUnit.SECONDS));
      assertEquals(Optional.of(BOB), auth.authenticate(basic("bob:pa:ss:word")));
    } finally {
      slowHash.release.countDown();
      pool.shutdownNow();
    }
  }

  @Test
  void theSameCredentialsArrivingTogetherShareOneSlowHash() throws Exception {
    HeldHash slowHash = new HeldHash(secret -> true);
    // One permit and nobody may wait for it: without sharing, three of these would be busy.
    Authenticator auth = slowHash.behindOnePermit(0, Duration.ofSeconds(5));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Optional<Account>>> logins = new ArrayList<>();
      logins.add(pool.submit(() -> auth.authenticate(basic("alice:wonderland"))));
      assertTrue(slowHash.hashing.await(5, TimeUnit.SECONDS));
      for (int i = 0; i < 3; i++) {
        logins.add(pool.submit(() -> auth.authenticate(basic("alice:wonderland"))));
      }
      // All three wait for the first check, so none can be answered from the cache instead.
      awaitSharedWaiters(auth, 3);
      slowHash.release.countDown();
      for (Future<Optional<Account>> login : logins) {
        assertEquals(Optional.of(ALICE), login.get(5, TimeUnit.SECONDS));
      }
      assertEquals(1, slowHash.hashes.get());
    } finally {
      slowHash.release.countDown();
      pool.shutdownNow();
    }
  }

  @Test
  void onlyAFewRequestsMayWaitForTheSameCheckTheRestAreBusy() throws Exception {
    HeldHash slowHash = new HeldHash(secret -> true);
    Authenticator auth = slowHash.behindOnePermit(0, Duration.ofSeconds(5));
    int waiters = Authenticator.MAX_SHARED_WAITERS;
    ExecutorService pool = Executors.newFixedThreadPool(1 + waiters);
    try {
      List<Future<Optional<Account>>> logins = new ArrayList<>();
      logins.add(pool.submit(() -> auth.authenticate(basic("alice:wonderland"))));
      assertTrue(slowHash.hashing.await(5, TimeUnit.SECONDS));
      CountDownLatch calling = new CountDownLatch(waiters);
      for (int i = 0; i < waiters; i++) {
        logins.add(
            pool.submit(
                () -> {
                  calling.countDown();
                  return auth.authenticate(basic("alice:wonderland"));
                }));
      }
      assertTrue(calling.await(5, TimeUnit.SECONDS));
      awaitSharedWaiters(auth, waiters);
      assertThrows(
          Authenticator.BusyException.class, () -> auth.authenticate(basic("alice:wonderland")));
      slowHash.release.countDown();
      for (Future<Optional<Account>> login : logins) {
        assertEquals(Optional.of(ALICE), login.get(5, TimeUnit.SECONDS));
      }
    } finally {
      slowHash.release.countDown();
      pool.shutdownNow();
    }
  }

  @Test
  void aWaiterGivesUpAfterTheMaximumWait() throws Exception {
    HeldHash slowHash = new HeldHash(secret -> true); // bob:x and bob:y are wrong secrets
    Authenticator auth = slowHash.behindOnePermit(1, Duration.ofMillis(50));
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      pool.submit(() -> auth.authenticate(basic("bob:x")));
      assertTrue(slowHash.hashing.await(5, TimeUnit.SECONDS));
      long start = System.nanoTime();
      assertThrows(Authenticator.BusyException.class, () -> auth.authenticate(basic("bob:y")));
      assertTrue(System.nanoTime() - start >= 40_000_000L, "waited for the permit first");
    } finally {
      slowHash.release.countDown();
      pool.shutdownNow();
    }
  }

  /** Waits until exactly {@code count} requests wait for a shared check (5 s at most). */
  private static void awaitSharedWaiters(Authenticator auth, int count)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (auth.sharedWaiters() != count) {
      assertTrue(
          System.nanoTime() < deadline,
          "expected " + count + " waiting requests, got " + auth.sharedWaiters());
      TimeUnit.MILLISECONDS.sleep(1); // polls a state, not a guess of how long it takes
    }
  }
}
