package io.keybox.state;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Objects;
import java.util.logging.Logger;
import org.sqlite.SQLiteConfig;

/**
 * The data directory's state store: the SQLite file {@value #FILE}, opened in write-ahead-log mode
 * (readers never wait for the writer; the server and an indexer process may both have it open),
 * with each transaction forced to disk before it returns ({@code synchronous=FULL}: an outbox row
 * that was written is there after a power loss), a busy timeout for the other process's writes, and
 * its schema brought to the newest {@link Migrations migration} on open.
 *
 * <pre>
 * try (StateStore state = StateStore.open(dataDir)) {
 *   MediaCatalog catalog = new MediaCatalog(state, clock);
 *   ...
 * }
 * </pre>
 *
 * <p>NOTE: one connection, used by one thread at a time ({@link #read} and {@link #write} take
 * turns); SQLite serialises writers anyway, and the work is small. SQLite's native library is
 * unpacked into {@code DIR/.tmp} unless {@code org.sqlite.tmpdir} names another folder: the
 * system's temporary folder may be mounted {@code noexec} on a server, and the data directory is
 * the one place Keybox may write.
 */
public final class StateStore implements AutoCloseable {
  /** The file's name in the data directory. */
  public static final String FILE = "keybox-state.db";

  private static final Logger LOG = Logger.getLogger(StateStore.class.getName());
  private static final int BUSY_TIMEOUT_MILLIS = 30_000;

  /** Work on the connection; SQL errors pass through and are worded by the store. */
  @FunctionalInterface
  public interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private final Path file;
  private final Connection connection;
  private final int version;

  private StateStore(Path file, Connection connection, int version) {
    this.file = file;
    this.connection = connection;
    this.version = version;
  }

  /**
   * Opens (creating it when missing) the state store of {@code dataDir} at the newest schema.
   *
   * @throws StateStoreException when the file cannot be opened or migrated, or is newer than this
   *     Keybox
   */
  public static StateStore open(Path dataDir) {
    return open(dataDir, Migrations.ALL);
  }

  /** As {@link #open(Path)}, with {@code migrations} (tests). */
  static StateStore open(Path dataDir, List<Migration> migrations) {
    Path file = dataDir.resolve(FILE);
    try {
      Files.createDirectories(dataDir);
      nativeLibraryFolder(dataDir);
    } catch (IOException e) {
      throw new StateStoreException(
          "state store " + file + ": cannot create " + dataDir + " (" + e + ")", e);
    }
    SQLiteConfig config = new SQLiteConfig();
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
    config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
    config.enforceForeignKeys(true);
    // A write transaction takes the write lock when it begins, so two processes' transactions
    // wait for each other instead of failing half-way with SQLITE_BUSY.
    config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    Connection connection = null;
    try {
      connection = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
      int version = migrate(connection, file, migrations);
      return new StateStore(file, connection, version);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(connection);
      if (e instanceof StateStoreException s) {
        throw s;
      }
      throw new StateStoreException(
          "state store " + file + ": cannot open (" + e.getMessage() + ")", e);
    }
  }

  /** The file. */
  public Path file() {
    return file;
  }

  /** The schema version the file is at. */
  public int version() {
    return version;
  }

  /**
   * Runs {@code work} outside a transaction (each statement sees the last committed state).
   *
   * @throws StateStoreException naming the file when SQLite fails
   */
  public synchronized <T> T read(Work<T> work) {
    try {
      return work.run(connection);
    } catch (SQLException e) {
      throw failure("read", e);
    }
  }

  /**
   * Runs {@code work} in one write transaction: all of it is committed (and on disk) or none.
   *
   * @throws StateStoreException naming the file when SQLite fails; the transaction is rolled back
   */
  public synchronized <T> T write(Work<T> work) {
    try {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw failure("write", e);
    }
  }

  @Override
  public synchronized void close() {
    closeQuietly(connection);
  }

  private StateStoreException failure(String what, SQLException e) {
    return new StateStoreException(
        "state store " + file + ": cannot " + what + " (" + e.getMessage() + ")", e);
  }

  private static int migrate(Connection connection, Path file, List<Migration> migrations)
      throws SQLException {
    int current;
    try (Statement statement = connection.createStatement()) {
      current = statement.executeQuery("PRAGMA user_version").getInt(1);
    }
    int newest = migrations.isEmpty() ? 0 : migrations.get(migrations.size() - 1).version();
    if (current > newest) {
      throw new StateStoreException(
          "state store "
              + file
              + " is at version "
              + current
              + ", made by a newer Keybox; this one knows versions up to "
              + newest,
          null);
    }
    for (Migration migration : migrations) {
      if (migration.version() <= current) {
        continue;
      }
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        for (String sql : migration.statements()) {
          statement.execute(sql);
        }
        statement.execute("PRAGMA user_version = " + migration.version());
        connection.commit();
      } catch (SQLException e) {
        connection.rollback();
        throw new StateStoreException(
            "state store "
                + file
                + ": migration to version "
                + migration.version()
                + " ("
                + migration.what()
                + ") failed ("
                + e.getMessage()
                + "); the file is left at version "
                + current,
            e);
      } finally {
        connection.setAutoCommit(true);
      }
      LOG.info(
          () ->
              "state store "
                  + file
                  + ": at version "
                  + migration.version()
                  + ", "
                  + migration.what());
      current = migration.version();
    }
    return current;
  }

  private static void nativeLibraryFolder(Path dataDir) throws IOException {
    if (System.getProperty("org.sqlite.tmpdir") == null) {
      Path folder = dataDir.resolve(".tmp");
      Files.createDirectories(folder);
      System.setProperty("org.sqlite.tmpdir", folder.toAbsolutePath().toString());
    }
  }

  private static void closeQuietly(Connection connection) {
    if (connection == null) {
      return;
    }
    try {
      connection.close();
    } catch (SQLException e) {
      LOG.warning("state store: closing: " + e.getMessage());
    }
  }

  @Override
  public String toString() {
    return "StateStore[" + Objects.toString(file) + ", version " + version + "]";
  }
}
