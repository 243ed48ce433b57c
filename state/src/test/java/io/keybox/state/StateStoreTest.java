package io.keybox.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQLite file itself: created at the newest version in WAL mode, migrated step by step, a
 * failed migration leaving the file at its version, a newer file refused, a failed transaction
 * rolled back whole, and two stores on one file (as the server and an indexer process) both
 * writing.
 */
final class StateStoreTest {
  @TempDir Path dir;

  private static final Migration ONE =
      new Migration(1, "a table", List.of("CREATE TABLE a (x INTEGER PRIMARY KEY, y TEXT)"));
  private static final Migration TWO =
      new Migration(2, "a column", List.of("ALTER TABLE a ADD COLUMN z TEXT"));

  @Test
  void aNewStoreIsAtTheNewestVersionInWalMode() {
    try (StateStore store = StateStore.open(dir)) {
      assertEquals(Migrations.ALL.size(), store.version());
      assertEquals(dir.resolve("keybox-state.db"), store.file());
      assertEquals("wal", store.read(c -> pragma(c.createStatement(), "journal_mode")));
      // synchronous=FULL is 2: a committed transaction is on disk before write() returns.
      assertEquals("2", store.read(c -> pragma(c.createStatement(), "synchronous")));
    }
    assertTrue(Files.isRegularFile(dir.resolve("keybox-state.db")));
  }

  @Test
  void migrationsRunOnceEachInOrderAndAFailedOneLeavesTheVersion() {
    try (StateStore store = StateStore.open(dir, List.of(ONE))) {
      assertEquals(1, store.version());
      store.write(
          c -> c.createStatement().executeUpdate("INSERT INTO a (x, y) VALUES (1, 'kept')"));
    }
    try (StateStore store = StateStore.open(dir, List.of(ONE, TWO))) {
      assertEquals(2, store.version());
      assertEquals(
          "kept",
          store.read(
              c -> {
                ResultSet rows =
                    c.createStatement().executeQuery("SELECT y FROM a WHERE z IS NULL");
                rows.next();
                return rows.getString(1);
              }));
    }
    Migration broken = new Migration(3, "a broken step", List.of("ALTER TABLE nowhere ADD x"));
    StateStoreException failed =
        assertThrows(
            StateStoreException.class, () -> StateStore.open(dir, List.of(ONE, TWO, broken)));
    assertTrue(
        failed
            .getMessage()
            .startsWith(
                "state store "
                    + dir.resolve("keybox-state.db")
                    + ": migration to version 3 (a broken step) failed ("),
        failed.getMessage());
    assertTrue(
        failed.getMessage().endsWith("); the file is left at version 2"), failed.getMessage());
    try (StateStore store = StateStore.open(dir, List.of(ONE, TWO))) {
      assertEquals(2, store.version());
    }
  }

  @Test
  void aFileOfANewerKeyboxIsRefused() {
    StateStore.open(dir, List.of(ONE, TWO)).close();
    StateStoreException refused =
        assertThrows(StateStoreException.class, () -> StateStore.open(dir, List.of(ONE)));
    assertEquals(
        "state store "
            + dir.resolve("keybox-state.db")
            + " is at version 2, made by a newer Keybox; this one knows versions up to 1",
        refused.getMessage());
  }

  @Test
  void aFailedWriteIsRolledBackWhole() {
    try (StateStore store = StateStore.open(dir, List.of(ONE))) {
      assertThrows(
          StateStoreException.class,
          () ->
              store.write(
                  c -> {
                    c.createStatement().executeUpdate("INSERT INTO a (x, y) VALUES (1, 'first')");
                    // The same primary key again: the whole transaction goes.
                    return c.createStatement()
                        .executeUpdate("INSERT INTO a (x, y) VALUES (1, 'again')");
                  }));
      assertEquals(0, count(store));
    }
  }

  @Test
  void twoStoresOnOneFileBothWriteAndSeeEachOthersCommits() {
    try (StateStore server = StateStore.open(dir, List.of(ONE));
        StateStore indexer = StateStore.open(dir, List.of(ONE))) {
      for (int i = 0; i < 50; i++) {
        int x = i;
        (i % 2 == 0 ? server : indexer)
            .write(c -> c.createStatement().executeUpdate("INSERT INTO a (x) VALUES (" + x + ")"));
      }
      assertEquals(50, count(server));
      assertEquals(50, count(indexer));
    }
  }

  private static int count(StateStore store) {
    return store.read(
        c -> {
          ResultSet rows = c.createStatement().executeQuery("SELECT COUNT(*) FROM a");
          rows.next();
          return rows.getInt(1);
        });
  }

  private static String pragma(Statement statement, String name) throws java.sql.SQLException {
    try (statement;
        ResultSet rows = statement.executeQuery("PRAGMA " + name)) {
      rows.next();
      return rows.getString(1);
    }
  }
}
