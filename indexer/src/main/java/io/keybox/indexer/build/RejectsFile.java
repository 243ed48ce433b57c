package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** The rejects file beside a vendor's index: the records a run skipped and why. */
final class RejectsFile {
  private RejectsFile() {}

  /**
   * Writes {@code rejects} to {@code file}, one JSON object per line ({@code dump}, {@code line},
   * {@code reason}), replacing the file atomically.
   *
   * @throws IOException when it cannot be written
   */
  static void write(Path file, List<Reject> rejects, ObjectMapper mapper) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      for (Reject reject : rejects) {
        out.write(
            mapper.writeValueAsString(
                mapper
                    .createObjectNode()
                    .put("dump", reject.dump())
                    .put("line", reject.line())
                    .put("reason", reject.reason())));
        out.write('\n');
      }
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
