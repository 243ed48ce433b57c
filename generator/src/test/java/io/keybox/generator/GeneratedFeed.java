package io.keybox.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A feed generated in memory (plain NDJSON), cached per config so test classes can share it. */
record GeneratedFeed(GenerationSummary summary, byte[] listings, byte[] openHouses, byte[] agents) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<GeneratorConfig, GeneratedFeed> CACHE = new ConcurrentHashMap<>();

  static GeneratedFeed of(long listings, long seed) {
    return of(new GeneratorConfig(listings, seed, GeneratorConfig.DEFAULT_VENDOR));
  }

  static GeneratedFeed of(GeneratorConfig config) {
    return CACHE.computeIfAbsent(config, GeneratedFeed::generate);
  }

  /** Generates without the cache. */
  static GeneratedFeed generate(GeneratorConfig config) {
    ByteArrayOutputStream l = new ByteArrayOutputStream();
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream a = new ByteArrayOutputStream();
    try {
      GenerationSummary summary = new FeedGenerator(config).generate(l, o, a);
      return new GeneratedFeed(summary, l.toByteArray(), o.toByteArray(), a.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  List<JsonNode> listingNodes() {
    return parse(listings);
  }

  List<JsonNode> openHouseNodes() {
    return parse(openHouses);
  }

  List<JsonNode> agentNodes() {
    return parse(agents);
  }

  /** Lines of an NDJSON byte array; every line must be one JSON object. */
  static List<String> lines(byte[] ndjson) {
    String text = new String(ndjson, StandardCharsets.UTF_8);
    if (text.isEmpty()) {
      return List.of();
    }
    if (!text.endsWith("\n")) {
      throw new AssertionError("NDJSON does not end with a newline");
    }
    return List.of(text.substring(0, text.length() - 1).split("\n", -1));
  }

  static List<JsonNode> parse(byte[] ndjson) {
    List<JsonNode> nodes = new ArrayList<>();
    for (String line : lines(ndjson)) {
      try {
        JsonNode node = JSON.readTree(line);
        if (!node.isObject()) {
          throw new AssertionError("not a JSON object: " + line);
        }
        nodes.add(node);
      } catch (IOException e) {
        throw new AssertionError("not JSON: " + line, e);
      }
    }
    return nodes;
  }
}
