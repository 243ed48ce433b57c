package io.keybox.indexer.pull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the last published pull of a vendor reached, kept in {@code DIR/<vendor>/pull-state.json}:
 * per resource, the high-water mark the next incremental pull of that resource starts from (less a
 * minute), and when that pull started. Each resource has its own mark: a listing changed after the
 * Property pass but before the newest member's timestamp must still be asked for next time.
 *
 * <p>Written only after the build that used the pull published, durably and atomically, so an
 * interrupted pull leaves the previous state. A file of an older Keybox, with one {@code highWater}
 * for every resource, reads as that mark for each.
 *
 * @param marks per resource, the latest ModificationTimestamp the next pull may start after, never
 *     later than the moment the pull that recorded it started
 * @param pulledAt when that pull started
 */
public record PullState(Map<Resource, Instant> marks, Instant pulledAt) {
  public PullState {
    marks = Map.copyOf(marks);
    Objects.requireNonNull(pulledAt, "pulledAt");
  }

  /**
   * The state in {@code file}, or empty when there is none.
   *
   * @throws IOException when the file exists but cannot be read or is not a state file; the message
   *     names the file and the cause
   */
  public static Optional<PullState> load(Path file, ObjectMapper mapper) throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      JsonNode json = mapper.readTree(file.toFile());
      JsonNode highWater = json.path("highWater");
      Map<Resource, Instant> marks = new EnumMap<>(Resource.class);
      if (highWater.isTextual()) {
        Instant mark = Instant.parse(highWater.asText());
        for (Resource resource : Resource.values()) {
          marks.put(resource, mark);
        }
      } else if (highWater.isObject()) {
        for (Map.Entry<String, JsonNode> entry : highWater.properties()) {
          Resource resource =
              Resource.named(entry.getKey())
                  .orElseThrow(() -> new IOException("unknown resource '" + entry.getKey() + "'"));
          marks.put(resource, Instant.parse(entry.getValue().asText()));
        }
      } else {
        throw new IOException("no highWater");
      }
      return Optional.of(new PullState(marks, Instant.parse(json.path("pulledAt").asText())));
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

  /** The mark of {@code resource}, if it has one. */
  public Optional<Instant> mark(Resource resource) {
    return Optional.ofNullable(marks.get(resource));
  }

  /** Writes this state to {@code file} durably, replacing the old one in one move. */
  public void save(Path file, ObjectMapper mapper) throws IOException {
    ObjectNode json = mapper.createObjectNode();
    ObjectNode highWater = json.putObject("highWater");
    Resource.ordered(marks).forEach((r, mark) -> highWater.put(r.odataName(), mark.toString()));
    json.put("pulledAt", pulledAt.toString());
    DurableFile.write(file, mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(json));
  }
}
