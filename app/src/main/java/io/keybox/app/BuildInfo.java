package io.keybox.app;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import org.apache.lucene.util.Version;
import picocli.CommandLine.IVersionProvider;

/**
 * What this binary is: Keybox's version and commit (written into {@code build.properties} by the
 * build: the commit is {@code git rev-parse} of the tree {@code run.sh} built, "unknown" for a
 * build outside git or by a bare {@code ./mvnw}), its licence (the POM's), the Lucene it links and
 * the JDK it runs on. The lines of {@code keybox version} and {@code keybox --version}.
 *
 * @param version Keybox's version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the commit built, or {@code unknown}
 * @param licence Keybox's licence, an SPDX identifier ({@code Apache-2.0}), or {@code unknown}
 * @param lucene the Lucene version on the class path
 * @param jdk the running JDK: version, vendor
 */
record BuildInfo(String version, String commit, String licence, String lucene, String jdk) {
  /** This binary's. */
  static BuildInfo current() {
    Properties build = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
      if (in != null) {
        build.load(in);
      }
    } catch (IOException e) {
      // described as unknown below
    }
    return new BuildInfo(
        known(build.getProperty("version")),
        known(build.getProperty("commit")),
        known(build.getProperty("licence")),
        Version.LATEST.toString(),
        Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ")");
  }

  /** An unfiltered placeholder (a build from an IDE) is no value. */
  private static String known(String value) {
    return value == null || value.isBlank() || value.startsWith("${") ? "unknown" : value;
  }

  /** The lines printed, one fact each. */
  List<String> lines() {
    return List.of(
        "keybox " + version,
        "commit " + commit,
        "licence " + licence + " (LICENSE and NOTICE beside the binary say what it bundles)",
        "lucene " + lucene,
        "jdk    " + jdk);
  }

  /** The provider of {@code keybox --version}. */
  static final class Provider implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return current().lines().toArray(String[]::new);
    }
  }
}
