package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateCommandTest {

  /** Exit code and what the command printed. */
  private record Result(int code, String out, String err) {}

  private static Result run(String... args) {
    Commands.Result r = Commands.run("generate", args);
    return new Result(r.code(), r.out(), r.err());
  }

  private static void assertOneLineError(Result r, int code, String... mentions) {
    assertEquals(code, r.code(), r.err());
    assertEquals("", r.out());
    String err = r.err().strip();
    assertTrue(!err.isEmpty() && !err.contains("\n"), "one line: " + r.err());
    for (String m : mentions) {
      assertTrue(err.contains(m), "'" + m + "' not in: " + err);
    }
  }

  @Test
  void helpReturnsZeroAndMentionsEveryOptionWithItsDefault() {
    Result r = run("--help");
    assertEquals(0, r.code());
    for (String s :
        List.of(
            "--out",
            "--listings",
            "--seed",
            "--vendor",
            "--help",
            "default: 42",
            "default: houston",
            "Example")) {
      assertTrue(r.out().contains(s), "help lacks " + s);
    }
    assertEquals("", r.err());
    assertEquals(0, run("--listings", "abc", "--help").code(), "--help wins over bad options");
  }

  @Test
  void missingOutReturnsOneNamingOut() {
    assertOneLineError(run("--listings", "10"), 1, "--out");
  }

  @Test
  void missingListingsReturnsOneNamingListings(@TempDir Path tmp) {
    assertOneLineError(run("--out", tmp.toString()), 1, "--listings");
  }

  @Test
  void nonNumericListingsReturnsOneNamingOptionValueAndRange(@TempDir Path tmp) {
    assertOneLineError(
        run("--out", tmp.toString(), "--listings", "ten"),
        1,
        "--listings",
        "'ten'",
        "1 to 50000000");
  }

  @Test
  void listingsOutOfRangeReturnsOne(@TempDir Path tmp) {
    assertOneLineError(run("--out", tmp.toString(), "--listings", "0"), 1, "--listings", "0");
    assertOneLineError(
        run("--out", tmp.toString(), "--listings", "50000001"), 1, "--listings", "50000001");
  }

  @Test
  void badSeedVendorAndUnknownOptionsReturnOne(@TempDir Path tmp) {
    String out = tmp.toString();
    assertOneLineError(run("--out", out, "--listings", "5", "--seed", "x1"), 1, "--seed", "'x1'");
    assertOneLineError(
        run("--out", out, "--listings", "5", "--vendor", "Big MLS"), 1, "--vendor", "'Big MLS'");
    assertOneLineError(run("--out", out, "--listings", "5", "--colour", "red"), 1, "--colour");
    assertOneLineError(run("--out", out, "--listings"), 1, "--listings", "missing value");
  }

  @Test
  void writesTheThreeFilesAndASummaryLine(@TempDir Path tmp) throws IOException {
    Path dir = tmp.resolve("feed");
    Result r = run("--out", dir.toString(), "--listings=300", "--seed", "-3");
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    String summary = r.out().strip();
    assertTrue(
        !summary.contains("\n")
            && summary.contains("300 listings")
            && summary.contains("12 agents"),
        summary);
    for (String name : List.of("listings.ndjson.gz", "openhouses.ndjson.gz", "agents.ndjson.gz")) {
      assertTrue(summary.contains(name), summary);
      assertTrue(Files.size(dir.resolve(name)) > 20, name);
    }
    try (var lines =
        new BufferedReader(
                new InputStreamReader(
                    new GZIPInputStream(Files.newInputStream(dir.resolve("listings.ndjson.gz"))),
                    StandardCharsets.UTF_8))
            .lines()) {
      assertEquals(300, lines.count());
    }
  }

  @Test
  void anOutputPathThatIsAFileReturnsTwo(@TempDir Path tmp) throws IOException {
    Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");
    assertOneLineError(run("--out", file.toString(), "--listings", "5"), 2, "not-a-dir");
  }
}
