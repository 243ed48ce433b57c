package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test of dist's output (packaging/dist.sh), run by {@code ./mvnw verify -Pdist} (the whole
 * {@code ./run.sh test}) after the dist profile built it into the folder the system property {@code
 * keybox.dist} names. The archive, unpacked into a temporary folder, serves the demo with no java
 * on PATH and JAVA_HOME unset and answers {@code /properties} with the demo key; the .deb holds the
 * files, maintainer scripts and units it must (systemd-analyze verify when the machine has it).
 */
class DistArchiveIT {
  /** The few tools bin/keybox runs (its standard error filter: mktemp to cat), and no java. */
  private static final List<String> LAUNCHER_TOOLS =
      List.of("sh", "dirname", "readlink", "mktemp", "mkfifo", "rm", "cat");

  private static final Pattern SERVING =
      Pattern.compile("keybox: serving the demo on http://localhost:(\\d+) .*");
  private static final Pattern STOPPED =
      Pattern.compile("keybox demo: stopped \\(\\d+ requests in flight, \\d+ answered\\)");

  /** The files the .deb must hold, as dpkg-deb -c names them. */
  private static final List<String> DEB_FILES =
      List.of(
          "./opt/keybox/bin/keybox",
          "./opt/keybox/runtime/bin/java",
          "./opt/keybox/lib/keybox.jar",
          "./opt/keybox/lib/keybox.jsa",
          "./opt/keybox/jvm/common.args",
          "./opt/keybox/jvm/server.args",
          "./opt/keybox/jvm/indexer.args",
          "./opt/keybox/jvm/tool.args",
          "./opt/keybox/libexec/keybox-pull",
          "./opt/keybox/README.md",
          "./opt/keybox/docs/operations.md",
          "./opt/keybox/LICENSE",
          "./opt/keybox/NOTICE",
          "./usr/bin/keybox",
          "./usr/share/doc/keybox/copyright",
          "./etc/keybox/keybox.conf",
          "./lib/systemd/system/keybox.service",
          "./lib/systemd/system/keybox-pull@.service",
          "./lib/systemd/system/keybox-pull@.timer");

  private static Path dist;
  private static String version;

  @BeforeAll
  static void findDist() throws IOException {
    String property = System.getProperty("keybox.dist");
    assertTrue(property != null, "-Dkeybox.dist names dist's folder (the dist profile sets it)");
    dist = Path.of(property);
    String pom = Files.readString(Path.of("..", "pom.xml"));
    Matcher m = Pattern.compile("(?m)^  <version>(.+)</version>").matcher(pom);
    assertTrue(m.find(), "the parent pom's version");
    version = m.group(1);
  }

  @Test
  void theUnpackedArchiveServesTheDemoWithNoJdk(@TempDir Path tmp) throws Exception {
    run(tmp, "tar", "-xzf", archive().toString());
    Path home = tmp.resolve("keybox-" + version);
    Path tools = Files.createDirectories(tmp.resolve("tools"));
    for (String tool : LAUNCHER_TOOLS) {
      Files.createSymbolicLink(tools.resolve(tool), onPath(tool));
    }
    ProcessBuilder demo =
        new ProcessBuilder(
                home.resolve("bin/keybox").toString(),
                "demo",
                "--port",
                "0",
                "--data-dir",
                tmp.resolve("demo").toString())
            .redirectErrorStream(true);
    Map<String, String> env = demo.environment();
    env.clear(); // no JAVA_HOME, no java on PATH
    env.put("PATH", tools.toString());
    env.put("HOME", tmp.toString());
    // The demo's output through a FIFO rather than the Process's pipe: Java drains that pipe once
    // the JVM ends, while the launcher's filter may still pass its last lines on; a FIFO reaches
    // its end only when every writer closed it.
    Path output = tmp.resolve("demo.out");
    run(tmp, "mkfifo", output.toString());
    List<String> log = new ArrayList<>();
    CompletableFuture<Integer> port = new CompletableFuture<>();
    Thread reader = Thread.ofPlatform().start(() -> readLog(output, log, port));
    Process process = demo.redirectOutput(output.toFile()).start();
    try {
      // The first run generates and indexes the demo feed: under a minute, unless it fails.
      int demoPort = port.get(5, TimeUnit.MINUTES);
      HttpResponse<String> page =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + demoPort + "/properties?limit=1"))
                      .header(
                          "Authorization",
                          "Basic "
                              + Base64.getEncoder()
                                  .encodeToString("demo:demo".getBytes(StandardCharsets.UTF_8)))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertEquals(200, page.statusCode(), page.body());
      assertTrue(page.body().startsWith("[{\"mlsId\":"), page.body());
    } finally {
      process.destroy(); // SIGTERM: the demo finishes its requests and says it stopped
      process.waitFor(1, TimeUnit.MINUTES);
      process.destroyForcibly();
      reader.join(
          TimeUnit.MINUTES.toMillis(1)); // its end: the launcher's filter passed the last line
    }
    String all = String.join("\n", log);
    assertTrue(all.lines().anyMatch(l -> STOPPED.matcher(l).matches()), all);
    assertFalse(all.contains("XNIO version"), all);
    assertFalse(all.contains("incubator modules"), all);
    String licence = Files.readString(home.resolve("LICENSE"));
    assertTrue(licence.lines().anyMatch(l -> l.strip().equals("Version 2.0, January 2004")));
    List<String> notice = Files.readAllLines(home.resolve("NOTICE"));
    assertTrue(
        notice.stream()
            .anyMatch(
                l -> l.matches("  org\\.apache\\.lucene:lucene-core:\\S+ \\(Apache-2\\.0\\)")));
    assertTrue(notice.stream().anyMatch(l -> l.matches("  org\\.slf4j:slf4j-api:\\S+ \\(MIT\\)")));
  }

  @Test
  void theDebHoldsTheInstallAndKeepsTheData(@TempDir Path tmp) throws Exception {
    Path deb = deb();
    List<String> listing = run(tmp, "dpkg-deb", "-c", deb.toString()).lines().toList();
    for (String file : DEB_FILES) {
      assertTrue(
          listing.stream().anyMatch(l -> l.endsWith(" " + file) || l.contains(" " + file + " ")),
          file + " in " + deb.getFileName());
    }
    // The data dir is made by postinst, never a file of the package: removing it keeps the data.
    assertFalse(listing.stream().anyMatch(l -> l.contains(" ./var/lib/keybox")));
    assertTrue(
        listing.stream()
            .anyMatch(
                l ->
                    l.contains(" root/root ")
                        && l.endsWith(" ./usr/bin/keybox -> /opt/keybox/bin/keybox")),
        "/usr/bin/keybox is root's link to /opt/keybox/bin/keybox");
    String info =
        run(
            tmp,
            "dpkg-deb",
            "-I",
            deb.toString(),
            "control",
            "conffiles",
            "postinst",
            "prerm",
            "postrm");
    for (String line :
        List.of(
            "(?m)^Package: keybox$",
            "(?m)^Architecture: amd64$",
            "(?m)^Maintainer: The Keybox project <",
            "(?m)^/etc/keybox/keybox.conf$",
            "adduser --system",
            "install -d -o keybox -g keybox -m 0750 /var/lib/keybox")) {
      assertTrue(Pattern.compile(line).matcher(info).find(), line + " in the control files");
    }
    assertFalse(
        Pattern.compile("rm -rf* /var/lib/keybox").matcher(info).find(), "removes the data");

    Path root = tmp.resolve("deb");
    run(tmp, "dpkg-deb", "-x", deb.toString(), root.toString());
    Path units = root.resolve("lib/systemd/system");
    List<String> service = Files.readAllLines(units.resolve("keybox.service"));
    for (String line :
        List.of(
            "User=keybox",
            "EnvironmentFile=/etc/keybox/keybox.conf",
            "Restart=on-failure",
            "NoNewPrivileges=yes",
            "ProtectSystem=strict",
            "ReadWritePaths=/var/lib/keybox",
            "PrivateTmp=yes")) {
      assertTrue(service.contains(line), line + " in keybox.service");
    }
    assertTrue(service.stream().anyMatch(l -> l.startsWith("ExecStart=/usr/bin/keybox serve ")));
    List<String> copyright = Files.readAllLines(root.resolve("usr/share/doc/keybox/copyright"));
    assertEquals(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
        copyright.get(0));
    assertTrue(
        copyright.contains(
            "License: Apache-2.0 and BSD-2-Clause and BSD-3-Clause and MIT and MIT-0"),
        String.join("\n", copyright));
    assertTrue(
        Files.readAllLines(units.resolve("keybox-pull@.service"))
            .contains("ExecStart=/opt/keybox/libexec/keybox-pull %i"));
    assertTrue(
        Files.readAllLines(units.resolve("keybox-pull@.timer")).stream()
            .anyMatch(l -> l.startsWith("OnCalendar=")));
    systemdVerifies(tmp, units);
  }

  /**
   * systemd-analyze verify of the units where the package puts them, when the machine has it: the
   * programs they start are not installed here, the one thing it may find wrong (the timer verifies
   * its service too).
   */
  private static void systemdVerifies(Path tmp, Path units) throws Exception {
    Path analyze;
    try {
      analyze = onPath("systemd-analyze");
    } catch (IllegalStateException e) {
      return; // not a systemd machine (a container): the unit lines above are the test
    }
    Process verify =
        new ProcessBuilder(
                analyze.toString(),
                "verify",
                "--man=no",
                units.resolve("keybox.service").toString(),
                units.resolve("keybox-pull@check.timer").toString())
            .directory(tmp.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    verify.waitFor();
    List<String> problems =
        out.lines()
            .filter(
                l ->
                    !l.endsWith(
                            ": Command /usr/bin/keybox is not executable: No such file or directory")
                        && !l.endsWith(
                            ": Command /opt/keybox/libexec/keybox-pull is not executable: No such"
                                + " file or directory"))
            .toList();
    assertEquals(List.of(), problems, "systemd-analyze verify");
  }

  private static Path archive() {
    Path archive = dist.resolve("keybox-" + version + "-linux-x64.tar.gz");
    assertTrue(Files.isRegularFile(archive), archive + " (the dist profile makes it)");
    return archive;
  }

  private static Path deb() {
    Path deb = dist.resolve("keybox_" + version.replace('-', '~') + "_amd64.deb");
    assertTrue(Files.isRegularFile(deb), deb + " (the dist profile makes it)");
    return deb;
  }

  /** The demo's output lines into {@code log}; completes {@code port} from its serving line. */
  private static void readLog(Path output, List<String> log, CompletableFuture<Integer> port) {
    try (BufferedReader in = Files.newBufferedReader(output, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        synchronized (log) {
          log.add(line);
        }
        Matcher serving = SERVING.matcher(line);
        if (serving.matches()) {
          port.complete(Integer.parseInt(serving.group(1)));
        }
      }
    } catch (IOException e) {
      port.completeExceptionally(e);
    }
    port.completeExceptionally(new AssertionError("the demo ended before serving: " + log));
  }

  /** Runs a command in {@code dir}; its standard output, failing the test on a non-zero exit. */
  private static String run(Path dir, String... command) throws Exception {
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      fail(String.join(" ", command) + " exited with " + process.exitValue());
    }
    return out;
  }

  /** A command's file on this JVM's PATH. */
  private static Path onPath(String command) {
    return Stream.of(System.getenv("PATH").split(":"))
        .map(dir -> Path.of(dir, command))
        .filter(Files::isExecutable)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException(command + " is not on PATH"));
  }
}
