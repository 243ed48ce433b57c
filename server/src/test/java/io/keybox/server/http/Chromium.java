package io.keybox.server.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's headless Chromium driven through its chromedriver, installed with apt-get when missing
 * (CI runs as root on a fresh machine). When it cannot be installed the test fails with apt's own
 * words: a browser test that silently skips would prove nothing.
 */
final class Chromium {
  static final Path BROWSER = Path.of("/usr/bin/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(15);

  private Chromium() {}

  /**
   * A browser with a fresh profile in {@code profile}, {@code width} × {@code height} pixels,
   * keeping its console log for {@code driver.manage().logs().get(LogType.BROWSER)}.
   */
  static ChromeDriver start(Path profile, int width, int height) throws IOException {
    installWhenMissing();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BROWSER.toFile());
    // The flags this machine kind needs: no sandbox as root, and none of Chromium's own
    // connections to Google, which the closed network refuses (and which would slow every start).
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--user-data-dir=" + profile.toAbsolutePath(),
        "--window-size=" + width + "," + height);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build();
    return new ChromeDriver(service, options);
  }

  private static synchronized void installWhenMissing() throws IOException {
    if (Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER)) {
      return;
    }
    run(List.of("apt-get", "update"));
    run(
        List.of(
            "apt-get", "install", "-y", "--no-install-recommends", "chromium", "chromium-driver"));
    if (!Files.isExecutable(BROWSER) || !Files.isExecutable(DRIVER)) {
      throw new IllegalStateException(
          "apt-get installed chromium and chromium-driver, yet "
              + BROWSER
              + " or "
              + DRIVER
              + " is missing");
    }
  }

  private static void run(List<String> command) throws IOException {
    Path output = Files.createTempFile("keybox-apt", ".log");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
    builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "the browser test needs Debian's chromium and chromium-driver, and "
              + String.join(" ", command)
              + " could not start (install them by hand: apt-get install chromium chromium-driver)",
          e);
    }
    try {
      if (!process.waitFor(INSTALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(
            String.join(" ", command) + " took more than " + INSTALL_TIMEOUT + ": " + tail(output));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted installing Chromium", e);
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          "the browser test needs Debian's chromium and chromium-driver; "
              + String.join(" ", command)
              + " failed (exit "
              + process.exitValue()
              + ", run the tests as root or install them by hand): "
              + tail(output));
    }
    Files.deleteIfExists(output);
  }

  private static String tail(Path output) throws IOException {
    String text = Files.readString(output);
    return text.substring(Math.max(0, text.length() - 2000));
  }
}
