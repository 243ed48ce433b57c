package io.keybox.indexer.pull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * How far a pull has staged each resource, in {@code pull/checkpoint.json} beside the dumps:
 * written (durably) after each page is appended and forced to disk, so an interrupted pull resumes
 * after the last page it had whole instead of at page 1. Only a pull with the same {@link
 * PullPlan#fingerprint() plan} resumes from it; a pull that ends, whether it is complete or short,
 * deletes it.
 *
 * @param plan the fingerprint of the plan that wrote it
 * @param startedAt when the interrupted pull started; a resumed pull keeps it, so its high-water
 *     marks never pass that moment
 * @param resources what each resource has staged so far
 */
record PullCheckpoint(String plan, Instant startedAt, Map<Resource, Staged> resources) {
  static final String FILE = "checkpoint.json";

  /**
   * One resource's staged pages.
   *
   * @param next the next page's URL; empty once the resource is done
   * @param bytes the dump's length after the last whole page
   * @param records the records in those pages (repeats included)
   * @param pages the pages read
   * @param count the server's {@code @odata.count} from the first page, or -1 when it gave none
   * @param newest the latest ModificationTimestamp staged, if any
   */
  record Staged(
      Optional<String> next,
      long bytes,
      long records,
      long pages,
      long count,
      Optional<Instant> newest) {
    boolean done() {
      return next.isEmpty() && pages > 0;
    }
  }

  PullCheckpoint {
    resources = Map.copyOf(resources);
  }

  static Optional<PullCheckpoint> load(Path staging, ObjectMapper mapper) {
    Path file = staging.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode json = mapper.readTree(file.toFile());
      Map<Resource, Staged> resources = new EnumMap<>(Resource.class);
      for (Map.Entry<String, JsonNode> entry : json.path("resources").properties()) {
        JsonNode r = entry.getValue();
        resources.put(
            Resource.named(entry.getKey()).orElseThrow(),
            new Staged(
                text(r, "next"),
                r.path("bytes").asLong(),
                r.path("records").asLong(),
                r.path("pages").asLong(),
                r.path("count").asLong(-1),
                text(r, "newest").map(Instant::parse)));
      }
      return Optional.of(
          new PullCheckpoint(
              json.path("plan").asText(),
              Instant.parse(json.path("startedAt").asText()),
              resources));
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // unreadable: the pull starts over, which is always safe
    }
  }

  void save(Path staging, ObjectMapper mapper) throws IOException {
    ObjectNode json = mapper.createObjectNode();
    json.put("plan", plan);
    json.put("startedAt", startedAt.toString());
    ObjectNode all = json.putObject("resources");
    Resource.ordered(resources)
        .forEach(
            (resource, staged) -> {
              ObjectNode r = all.putObject(resource.odataName());
              staged.next().ifPresent(n -> r.put("next", n));
              r.put("bytes", staged.bytes());
              r.put("records", staged.records());
              r.put("pages", staged.pages());
              r.put("count", staged.count());
              staged.newest().ifPresent(n -> r.put("newest", n.toString()));
            });
    DurableFile.write(staging.resolve(FILE), mapper.writeValueAsBytes(json));
  }

  PullCheckpoint with(Resource resource, Staged staged) {
    Map<Resource, Staged> next = new EnumMap<>(Resource.class);
    next.putAll(resources);
    next.put(resource, staged);
    return new PullCheckpoint(plan, startedAt, next);
  }

  static void delete(Path staging) throws IOException {
    Files.deleteIfExists(staging.resolve(FILE));
  }

  private static Optional<String> text(JsonNode json, String field) {
    JsonNode value = json.get(field);
    return value == null || !value.isTextual() ? Optional.empty() : Optional.of(value.asText());
  }
}
