package io.keybox.bench.os;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Debian packages a peer needs (PostgreSQL, nginx): installed with {@code apt-get update} and
 * {@code apt-get install -y} when missing and the bench runs as root; otherwise the caller is told
 * what to install and skips the peer.
 */
public final class DebianPackages {
  private DebianPackages() {}

  /**
   * Makes sure {@code packages} are installed.
   *
   * @param name the peer as the messages name it, e.g. "PostgreSQL 15 with PostGIS"
   * @param installed whether the peer's files are there
   * @param log where apt-get's output goes
   * @return empty when they are (now) installed, else why the peer must be skipped and what to
   *     install
   */
  public static Optional<String> ensureInstalled(
      String name, List<String> packages, BooleanSupplier installed, Path log, PrintStream progress)
      throws IOException {
    if (installed.getAsBoolean()) {
      return Optional.empty();
    }
    String what = "apt-get install -y " + String.join(" ", packages);
    if (!isRoot()) {
      return Optional.of(
          name
              + " is not installed and this is not root; install it with 'sudo "
              + what
              + "' to include it");
    }
    progress.println("bench: installing " + String.join(" ", packages) + " with apt-get ...");
    int update = ChildProcesses.run(List.of("apt-get", "update"), log, 900);
    List<String> install =
        new ArrayList<>(
            List.of(
                "env",
                "DEBIAN_FRONTEND=noninteractive",
                "apt-get",
                "install",
                "-y",
                "--no-install-recommends"));
    install.addAll(packages);
    int installExit = ChildProcesses.run(install, log, 1800);
    if (!installed.getAsBoolean()) {
      return Optional.of(
          "installing "
              + name
              + " failed (apt-get update exit "
              + update
              + ", install exit "
              + installExit
              + "; see "
              + log
              + "); install it with '"
              + what
              + "'");
    }
    return Optional.empty();
  }

  /** Whether this process runs as root (uid 0). */
  public static boolean isRoot() {
    try {
      Process id = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
      String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return id.waitFor() == 0 && uid.equals("0");
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
