package io.keybox.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeysFileWatcherTest {

  private static final int FAST = 1_000;
  private static final Duration QUICK = Duration.ofMillis(20);
  private static final Duration NEVER = Duration.ofHours(1);

  @TempDir Path dir;
  private Path file;

  private final Authenticator auth = new Authenticator();
  private final List<LogRecord> log = new CopyOnWriteArrayList<>();
  private final Logger julLogger = Logger.getLogger(KeysFileWatcher.class.getName());
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          log.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  private final List<String> hashesWritten = new CopyOnWriteArrayList<>();
  private boolean julUsedParentHandlers;

  @BeforeEach
  void setUp() {
    file = dir.resolve("keys.json");
    julLogger.addHandler(capture);
    julUsedParentHandlers = julLogger.getUseParentHandlers();
    julLogger.setUseParentHandlers(false); // keep the expected warnings out of the build output
  }

  @AfterEach
  void tearDown() {
    julLogger.removeHandler(capture);
    julLogger.setUseParentHandlers(julUsedParentHandlers);
    for (LogRecord record : log) {
      for (String hash : hashesWritten) {
        String[] parts = hash.split("\\$");
        assertFalse(
            record.getMessage().contains(parts[2]) || record.getMessage().contains(parts[3]),
            "a log line holds a hash: " + record.getMessage());
      }
    }
  }

  @Test
  void startLoadsTheFile() throws Exception {
    writeInPlace(keysFile("demo", "old"));
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, NEVER)) {
      assertEquals(file, watcher.file());
      assertTrue(works("demo", "old"));
      assertEquals(1, auth.accounts().size());
    }
  }

  @Test
  void startFailsOnAMissingFile() {
    KeysFileException e =
        assertThrows(KeysFileException.class, () -> KeysFileWatcher.start(file, auth, QUICK));
    assertEquals("keys file " + file + ": no such file", e.getMessage());
  }

  @Test
  void startFailsOnABrokenFile() throws Exception {
    writeInPlace("{\"keys\": [ {");
    KeysFileException e =
        assertThrows(KeysFileException.class, () -> KeysFileWatcher.start(file, auth, QUICK));
    assertTrue(e.getMessage().startsWith("keys file " + file + ": not valid JSON"), e.getMessage());
    assertEquals(0, auth.accounts().size());
  }

  @Test
  void fileReplacedByRenameIsReloaded() throws Exception {
    writeInPlace(keysFile("demo", "old"));
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, QUICK)) {
      assertTrue(works("demo", "old"));
      replaceByRename(keysFile("demo", "new"));
      await(() -> works("demo", "new"));
      assertFalse(works("demo", "old"));
    }
  }

  @Test
  void sameSizeRewriteInPlaceIsReloaded() throws Exception {
    String before = keysFile("demo", "old1");
    String after = keysFile("demo", "old2");
    assertEquals(before.length(), after.length());
    writeInPlace(before);
    FileTime stamp = Files.getLastModifiedTime(file);
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, QUICK)) {
      assertTrue(works("demo", "old1"));
      writeInPlace(after);
      Files.setLastModifiedTime(file, stamp); // as on a file system with coarse timestamps
      await(() -> works("demo", "old2"));
      assertFalse(works("demo", "old1"));
    }
  }

  @Test
  void brokenFileKeepsTheOldAccountsAndWarnsOnce() throws Exception {
    writeInPlace(keysFile("demo", "old"));
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, QUICK)) {
      assertTrue(works("demo", "old"));
      String hash = SecretHash.create("new", FAST).encoded();
      hashesWritten.add(hash);
      // A typo: the hash lost its closing quote.
      replaceByRename(
          "{\"keys\":[{\"key\":\"demo\",\"secretHash\":\""
              + hash
              + ",\"vendors\":[\"houston\"]}]}");
      await(() -> !warnings().isEmpty());
      Thread.sleep(200); // several more checks of the same broken file

      assertTrue(works("demo", "old"));
      assertFalse(works("demo", "new"));
      assertEquals(1, warnings().size(), warnings().toString());
      String warning = warnings().get(0);
      assertTrue(
          warning.startsWith("keys file " + file + ": not valid JSON (line 1, column "), warning);
      assertTrue(warning.endsWith("; still using the 1 key loaded before"), warning);
      assertFalse(warning.contains(hash.split("\\$")[2]), warning);

      replaceByRename(keysFile("demo", "fixed"));
      await(() -> works("demo", "fixed"));
      assertFalse(works("demo", "old"));
    }
  }

  @Test
  void invalidEntryKeepsTheOldAccounts() throws Exception {
    writeInPlace(keysFile("demo", "old"));
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, NEVER)) {
      replaceByRename(keysFile("demo", "new").replace("\"houston\"", "\"houston\",\"houston\""));
      assertFalse(watcher.checkNow());
      assertTrue(works("demo", "old"));
      assertEquals(
          List.of(
              "keys file "
                  + file
                  + ": keys[0] (\"demo\"): vendor 'houston' is listed twice;"
                  + " still using the 1 key loaded before"),
          warnings());
    }
  }

  @Test
  void deletedFileKeepsTheOldAccountsUntilItComesBack() throws Exception {
    writeInPlace(keysFile("demo", "old"));
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, NEVER)) {
      Files.delete(file);
      assertFalse(watcher.checkNow());
      assertFalse(watcher.checkNow());
      assertTrue(works("demo", "old"));
      assertEquals(
          List.of("keys file " + file + ": no such file; still using the 1 key loaded before"),
          warnings());

      writeInPlace(keysFile("demo", "back"));
      assertTrue(watcher.checkNow());
      assertTrue(works("demo", "back"));
      assertFalse(works("demo", "old"));
    }
  }

  @Test
  void checkNowReloadsOnDemandAndOnlyOnChange() throws Exception {
    writeInPlace(keysFile("demo", "old"));
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, NEVER)) {
      assertFalse(watcher.checkNow()); // nothing changed
      Accounts before = auth.accounts();

      Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5))); // touch
      assertFalse(watcher.checkNow());
      assertSame(before, auth.accounts()); // not replaced: the cache survives a touch

      replaceByRename(keysFile("demo", "new"));
      assertTrue(watcher.checkNow());
      assertTrue(works("demo", "new"));
      assertFalse(watcher.checkNow());
    }
  }

  @Test
  void removedKeyStopsWorkingEvenWhenCached() throws Exception {
    writeInPlace(keysFile("demo", "old"));
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, NEVER)) {
      assertTrue(works("demo", "old")); // cached now
      replaceByRename(keysFile("other", "old"));
      assertTrue(watcher.checkNow());
      assertFalse(works("demo", "old"));
      assertTrue(works("other", "old"));
    }
  }

  @Test
  void closeStopsWatching() throws Exception {
    writeInPlace(keysFile("demo", "old"));
    KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, QUICK);
    watcher.close();
    replaceByRename(keysFile("demo", "new"));
    Thread.sleep(300);
    assertTrue(works("demo", "old"));
    assertFalse(works("demo", "new"));
  }

  @Test
  void loggedLinesNeverHoldHashes() throws Exception {
    String content = keysFile("demo", "old");
    writeInPlace(content);
    try (KeysFileWatcher watcher = KeysFileWatcher.start(file, auth, NEVER)) {
      replaceByRename(keysFile("demo", "new"));
      watcher.checkNow();
      replaceByRename("{\"keys\":[{\"key\":\"demo\",\"secretHash\":\"new\",\"vendors\":[\"v\"]}]}");
      watcher.checkNow();
    }
    assertEquals(3, log.size(), log.toString()); // loaded, reloaded, warning
    // tearDown checks that no line holds any hash written to the file.
    assertEquals(Level.INFO, log.get(0).getLevel());
    assertEquals("keys file " + file + " loaded: 1 key", log.get(0).getMessage());
    assertEquals("keys file " + file + " reloaded: 1 key", log.get(1).getMessage());
    assertEquals(Level.WARNING, log.get(2).getLevel());
  }

  private boolean works(String key, String secret) {
    String header =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((key + ":" + secret).getBytes(StandardCharsets.UTF_8));
    return auth.authenticate(header).isPresent();
  }

  private List<String> warnings() {
    return log.stream()
        .filter(r -> r.getLevel() == Level.WARNING)
        .map(LogRecord::getMessage)
        .toList();
  }

  private String keysFile(String key, String secret) {
    String hash = SecretHash.create(secret, FAST).encoded();
    hashesWritten.add(hash);
    return """
        {"keys": [{"key": "%s", "secretHash": "%s", "vendors": ["houston"]}]}
        """
        .formatted(key, hash);
  }

  private void writeInPlace(String content) throws Exception {
    Files.writeString(file, content, StandardCharsets.UTF_8);
  }

  /** What most editors do: write a new file beside it, then rename it over the old one. */
  private void replaceByRename(String content) throws Exception {
    Path temp = Files.createTempFile(dir, "keys", ".tmp");
    Files.writeString(temp, content, StandardCharsets.UTF_8);
    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    Instant deadline = Instant.now().plusSeconds(5);
    while (!condition.getAsBoolean()) {
      if (Instant.now().isAfter(deadline)) {
        throw new AssertionError("not within 5 seconds");
      }
      Thread.sleep(20);
    }
  }
}
