package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.indexer.build.VendorLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.CorruptIndexException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line a failed run prints: what went wrong, and what to do (OPERATIONS.md §2). */
class FailureAdviceTest {
  private static final VendorLayout LAYOUT = new VendorLayout(Path.of("/srv/data"), "houston");
  private static final String UNCHANGED = "; the current index is unchanged; ";

  @TempDir Path dir;

  @Test
  void eachFailureAnOperatorCanFixSaysHow() {
    assertEquals(
        "cannot write /srv/data/houston/ids.tsv (permission denied)"
            + UNCHANGED
            + "give the indexer's user write access to /srv/data and run again",
        FailureAdvice.line(new AccessDeniedException("/srv/data/houston/ids.tsv"), LAYOUT));
    assertEquals(
        "the disk of /srv/data is full"
            + UNCHANGED
            + "free room for a second copy of the vendor's index (the previous one serves while"
            + " the next is written) and run again",
        FailureAdvice.line(
            new UncheckedIOException(new IOException("No space left on device")), LAYOUT));
    assertEquals(
        "the index of vendor houston at /srv/data/houston/index cannot be read"
            + " (CorruptIndexException)"
            + UNCHANGED
            + "restore it from a backup, or move it aside and run a full index (the id maps keep"
            + " the mlsIds)",
        FailureAdvice.line(new CorruptIndexException("checksum failed", "_0.cfs"), LAYOUT));
    assertEquals(
        "cannot write /sys/houston (Operation not permitted)"
            + UNCHANGED
            + "check that /srv/data is a writable folder and run again",
        FailureAdvice.line(
            new FileSystemException("/sys/houston", null, "Operation not permitted"), LAYOUT));
  }

  @Test
  void anyOtherFailureIsNamedAsItIs() {
    assertEquals(
        "failed: merge failed; a segment is gone"
            + UNCHANGED
            + "run again, and if it fails the same way, report this line",
        FailureAdvice.line(
            new IllegalStateException("merge failed; a segment is gone\nat"), LAYOUT));
    assertEquals(
        "failed: java.lang.NullPointerException"
            + UNCHANGED
            + "run again, and if it fails the same way, report this line",
        FailureAdvice.line(new NullPointerException(), LAYOUT));
  }

  @Test
  void aRunWhoseVendorFolderIsAFileSaysToMoveItAside() throws IOException {
    Files.createDirectories(dir.resolve("data"));
    Files.writeString(dir.resolve("data").resolve("houston"), "not a folder");
    Path listings = Files.writeString(dir.resolve("l.ndjson"), "{\"listingId\":\"A\"}\n");
    Run run =
        index("--data-dir", dir.resolve("data").toString(), "--listings", listings.toString());
    assertEquals(2, run.exitCode());
    assertEquals(
        "keybox index: "
            + dir.resolve("data").resolve("houston")
            + " is a file where the vendor's folder or index belongs"
            + UNCHANGED
            + "move it aside and run again\n",
        run.err());
  }

  @Test
  void aRunWithADamagedIdMapSaysToRestoreIt() throws IOException {
    Path data = dir.resolve("data");
    Path listings = Files.writeString(dir.resolve("l.ndjson"), "{\"listingId\":\"A\"}\n");
    assertEquals(
        0, index("--data-dir", data.toString(), "--listings", listings.toString()).exitCode());
    Path ids = data.resolve("houston").resolve("ids.tsv");
    Files.writeString(ids, "A\tnot-a-number\n");
    Run run = index("--data-dir", data.toString(), "--listings", listings.toString());
    assertEquals(2, run.exitCode());
    assertEquals(
        "keybox index: "
            + ids
            + ":1: malformed id map line"
            + UNCHANGED
            + "restore the vendor's id maps from a backup (docs/operations.md, Backups): without"
            + " them every listing would get a new mlsId\n",
        run.err());
  }

  private record Run(int exitCode, String err) {}

  private static Run index(String... args) {
    String[] all = new String[args.length + 2];
    all[0] = "--vendor";
    all[1] = "houston";
    System.arraycopy(args, 0, all, 2, args.length);
    Commands.Result result = Commands.run("index", all);
    return new Run(result.code(), result.err());
  }
}
