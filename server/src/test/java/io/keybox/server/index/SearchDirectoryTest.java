package io.keybox.server.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.VendorIndexBuilder;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.schema.RecordKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server maps an index's files for random reads: the kernel then reads only the pages a search
 * touches, not its read-ahead around each of them. Read back from the kernel's own account of this
 * process's mappings ({@code /proc/self/smaps}, where {@code rr} flags a mapping advised {@code
 * MADV_RANDOM}), so it needs Linux and Lucene's native access, which the tests have as run.sh's
 * commands do.
 */
class SearchDirectoryTest {
  @TempDir Path dataDir;

  @Test
  void everyMappedFileOfTheIndexIsAdvisedForRandomReads() throws IOException {
    assumeTrue(Files.isReadable(Path.of("/proc/self/smaps")), "needs Linux's /proc/self/smaps");
    VendorLayout layout = new VendorLayout(dataDir, "alpha");
    Path dump = dataDir.resolveSibling(dataDir.getFileName() + "-alpha.ndjson");
    Files.write(
        dump,
        List.of(
            "{\"listingId\":\"a-1\",\"mls\":{\"status\":\"Active\"}}",
            "{\"listingId\":\"a-2\",\"mls\":{\"status\":\"Pending\"}}"));
    new VendorIndexBuilder(new ObjectMapper(), Clock.systemUTC(), 1).rebuild(layout, dump, true);

    try (Directory directory = SearchDirectory.open(layout.indexDir());
        DirectoryReader reader = DirectoryReader.open(directory)) {
      assertEquals(2, new IndexSearcher(reader).count(RecordKind.LISTING.query()));
      Map<String, List<String>> flags = mappingFlags(layout.indexDir().toRealPath());
      assertFalse(flags.isEmpty(), "the reader maps the index's files");
      flags.forEach(
          (file, mappings) ->
              mappings.forEach(
                  vmFlags ->
                      assertTrue(
                          List.of(vmFlags.split(" ")).contains("rr"),
                          file + " is mapped without random read advice: " + vmFlags)));
    }
  }

  /** The VmFlags of each of this process's mappings of a file under {@code dir}, by file name. */
  private static Map<String, List<String>> mappingFlags(Path dir) throws IOException {
    Map<String, List<String>> flags = new TreeMap<>();
    String file = null;
    for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
      if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
        int path = line.indexOf('/');
        file =
            path >= 0 && line.substring(path).startsWith(dir + "/")
                ? line.substring(path + dir.toString().length() + 1)
                : null;
      } else if (file != null && line.startsWith("VmFlags:")) {
        flags.computeIfAbsent(file, f -> new ArrayList<>()).add(line.substring(8).strip());
      }
    }
    return flags;
  }
}
