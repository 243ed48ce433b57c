package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.SecretHash;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A running server follows its keys file: keys added, removed and re-limited without restart. */
class KeysReloadHttpTest {
  @TempDir Path dataDir;
  @TempDir Path config;

  private static String entry(String key, String secret, String vendor, String rateLimit) {
    return "{\"key\": \""
        + key
        + "\", \"secretHash\": \""
        + SecretHash.create(secret, 1000).encoded()
        + "\", \"vendors\": [\""
        + vendor
        + "\"]"
        + rateLimit
        + "}";
  }

  /** Replaces the file as editors and deployment tools do: a new file renamed over the old. */
  private void write(Path keys, String... entries) throws Exception {
    Path next = config.resolve("keys.json.new");
    Files.writeString(next, "{\"keys\": [" + String.join(",", entries) + "]}");
    Files.move(next, keys, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void await(BooleanSupplier condition, String what) throws Exception {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 10 s: " + what);
      }
      Thread.sleep(20);
    }
  }

  @Test
  void keysAddedRemovedAndReLimitedTakeEffectWhileServing() throws Exception {
    FixtureServer.index(dataDir, "fixture", "basic");
    Path keys = config.resolve("keys.json");
    write(keys, entry("old", "old-secret", "fixture", ""));
    Authenticator authenticator = new Authenticator();
    try (FixtureServer server =
        FixtureServer.readingKeys(
            dataDir, keys, authenticator, new PrintStream(OutputStream.nullOutputStream()))) {
      assertEquals(200, server.get("/properties", "old", "old-secret").statusCode());
      assertEquals(401, server.get("/properties", "new", "new-secret").statusCode());

      write(
          keys,
          entry(
              "new", "new-secret", "fixture", ", \"rateLimit\": {\"perSecond\": 5, \"burst\": 7}"));
      await(() -> authenticator.accounts().find("new").isPresent(), "the new keys file");

      HttpResponse<String> added = server.get("/properties", "new", "new-secret");
      assertEquals(200, added.statusCode(), added.body());
      assertEquals("7", added.headers().firstValue("RateLimit-Limit").orElseThrow());
      // The old key was verified and cached; the reload dropped the cache with the key.
      assertEquals(401, server.get("/properties", "old", "old-secret").statusCode());

      // A broken version leaves the last good one in force.
      Files.writeString(keys, "{\"keys\": [");
      Thread.sleep(300);
      assertEquals(200, server.get("/properties", "new", "new-secret").statusCode());
      assertTrue(authenticator.accounts().find("new").isPresent());
    }
  }
}
