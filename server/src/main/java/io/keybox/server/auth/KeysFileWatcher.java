package io.keybox.server.auth;

import java.io.Closeable;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps an {@link Authenticator} in step with the keys file while the server runs.
 *
 * <pre>{@code
 * Authenticator authenticator = new Authenticator();
 * try (KeysFileWatcher keys = KeysFileWatcher.start(keysFile, authenticator)) {
 *   // serve; edits to keysFile take effect within about a second
 * }
 * }</pre>
 *
 * <p>{@link #start} loads the file once and throws if it is unusable, so a server never starts with
 * a broken keys file. After that a daemon thread looks at the file's modification time, size and
 * identity about once a second (an editor that saves by writing a new file and renaming it over the
 * old one changes the identity), reads it when any of these changed, and installs the new accounts
 * when its content changed and loads. A file that no longer loads (broken JSON, a bad entry,
 * deleted) leaves the previous accounts in force and logs one warning line per bad version; secrets
 * and hashes are never logged.
 *
 * <p>NOTE: a file whose modification time is less than {@link #SETTLE} old is read on every check
 * even when its stamp looks unchanged, because file systems with coarse timestamps can hide a
 * second same-size write in the same tick.
 */
public final class KeysFileWatcher implements Closeable {

  /** How often the file is looked at. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  static final Duration SETTLE = Duration.ofSeconds(3);

  private static final System.Logger LOG = System.getLogger(KeysFileWatcher.class.getName());

  private final Path file;
  private final Authenticator target;
  private final ScheduledExecutorService scheduler;

  // Guarded by this: what the last check saw.
  private Stamp lastStamp;
  private byte[] lastDigest;
  private String lastReadFailure;

  /** What identifies one version of the file without reading it. */
  private record Stamp(FileTime modified, long size, Object fileKey) {
    static Stamp of(Path file) throws IOException {
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      return new Stamp(a.lastModifiedTime(), a.size(), a.fileKey());
    }

    boolean settled(Instant now) {
      return modified.toInstant().plus(SETTLE).isBefore(now);
    }
  }

  private KeysFileWatcher(Path file, Authenticator target) {
    this.file = Objects.requireNonNull(file, "file");
    this.target = Objects.requireNonNull(target, "target");
    this.scheduler =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("keybox-keys-watcher").daemon().factory());
  }

  /** {@link #start(Path, Authenticator, Duration)} checking once a second. */
  public static KeysFileWatcher start(Path file, Authenticator target) throws KeysFileException {
    return start(file, target, DEFAULT_INTERVAL);
  }

  /**
   * Loads the keys file into {@code target} now, then checks it for changes every {@code interval}
   * from a daemon thread until {@link #close()}.
   *
   * @throws KeysFileException if the file cannot be read or does not load; nothing is started
   */
  public static KeysFileWatcher start(Path file, Authenticator target, Duration interval)
      throws KeysFileException {
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval must be positive (got: " + interval + ")");
    }
    KeysFileWatcher watcher = new KeysFileWatcher(file, target);
    try {
      watcher.loadFirst();
    } catch (KeysFileException | RuntimeException e) {
      watcher.close();
      throw e;
    }
    long millis = Math.max(1, interval.toMillis());
    watcher.scheduler.scheduleWithFixedDelay(watcher::poll, millis, millis, TimeUnit.MILLISECONDS);
    return watcher;
  }

  /** The file being watched. */
  public Path file() {
    return file;
  }

  /**
   * Checks the file now, as the background thread does.
   *
   * @return true when new accounts were installed
   */
  public synchronized boolean checkNow() {
    Stamp stamp;
    byte[] content;
    try {
      stamp = Stamp.of(file);
      if (stamp.equals(lastStamp) && stamp.settled(Instant.now())) {
        return false;
      }
      content = KeysFile.read(file);
    } catch (IOException | KeysFileException e) {
      String problem =
          e instanceof IOException io
              ? KeysFile.readFailure(file, io).getMessage()
              : e.getMessage();
      lastStamp = null; // read again as soon as it comes back
      if (!problem.equals(lastReadFailure)) {
        lastReadFailure = problem; // once, not every second while the file is gone
        warn(problem);
      }
      return false;
    }
    lastReadFailure = null;
    lastStamp = stamp;
    byte[] digest = sha256(content);
    if (Arrays.equals(digest, lastDigest)) {
      return false; // touched, or rewritten with the same content
    }
    lastDigest = digest;
    Accounts accounts;
    try {
      accounts = KeysFile.parse(content, file.toString());
    } catch (KeysFileException e) {
      warn(e.getMessage()); // once: this content is not parsed again
      return false;
    }
    target.replaceAccounts(accounts);
    LOG.log(Level.INFO, "keys file " + file + " reloaded: " + describe(accounts));
    return true;
  }

  /**
   * Stops watching and waits for a check under way to finish, so nothing is reloaded after this
   * returns. The accounts last installed stay in force.
   */
  @Override
  public void close() {
    scheduler.shutdownNow();
    try {
      if (!scheduler.awaitTermination(10, TimeUnit.SECONDS)) {
        LOG.log(Level.WARNING, "keys file " + file + ": the watcher thread did not stop");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized void loadFirst() throws KeysFileException {
    Stamp stamp;
    try {
      stamp = Stamp.of(file);
    } catch (IOException e) {
      stamp = null; // KeysFile.read says what is wrong
    }
    byte[] content = KeysFile.read(file);
    Accounts accounts = KeysFile.parse(content, file.toString());
    lastStamp = stamp;
    lastDigest = sha256(content);
    target.replaceAccounts(accounts);
    LOG.log(Level.INFO, "keys file " + file + " loaded: " + describe(accounts));
  }

  private void poll() {
    try {
      checkNow();
    } catch (RuntimeException e) {
      // An exception would silently cancel the schedule; log it and keep watching.
      LOG.log(Level.WARNING, "keys file " + file + ": check failed: " + e);
    }
  }

  private void warn(String problem) {
    LOG.log(
        Level.WARNING,
        problem + "; still using the " + describe(target.accounts()) + " loaded before");
  }

  private static String describe(Accounts accounts) {
    return accounts.size() == 1 ? "1 key" : accounts.size() + " keys";
  }

  private static byte[] sha256(byte[] content) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(content);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available in this JDK", e);
    }
  }
}
