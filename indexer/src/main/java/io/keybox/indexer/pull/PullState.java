package io.keybox.indexer.pull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;

/**
 * What the last published pull of a vendor reached, kept in {@code DIR/<vendor>/pull-state.json}:
 * the latest ModificationTimestamp it indexed (the high-water mark the next incremental pull starts
 * from, less a minute) and when it ran. Written only after the build that used the pull published,
 * and atomically (a temporary file moved over the old one), so an interrupted pull leaves the
 * previous state.
 *
 * @param highWater the latest ModificationTimestamp the pulled records carried
 * @param pulledAt when that pull started
 */
public record PullState(Instant highWater, Instant pulledAt) {
  public PullState {
    Objects.requireNonNull(highWater, "highWater");
    Objects.requireNonNull(pulledAt, "pulledAt");
  }

  /**
   * The state in {@code file}, or empty when there is none.
   *
   * @throws IOException when the file exists but cannot be read or is not a state file
   */
  public static Optional<PullState> load(Path file, ObjectMapper mapper) throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      JsonNode json = mapper.readTree(file.toFile());
      return Optional.of(
          new PullState(
              Instant.parse(json.path("highWater").asText()),
              Instant.parse(json.path("pulledAt").asText())));
    } catch (DateTimeParseException | IOException e) {
      throw new IOException(
          "pull state "
              + file
              + " is unreadable ("
              + e.getMessage()
              + "); delete it to pull in full",
          e);
    }
  }

  /** Writes this state to {@code file}, replacing the old one in one move. */
  public void save(Path file, ObjectMapper mapper) throws IOException {
    ObjectNode json = mapper.createObjectNode();
    json.put("highWater", highWater.toString());
    json.put("pulledAt", pulledAt.toString());
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(temporary, mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(json));
    Files.move(
        temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
