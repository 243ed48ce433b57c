package io.keybox.schema.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.RecordIds;
import io.keybox.schema.shape.InvalidRecordException;
import io.keybox.schema.shape.ShapeNormalizer;

/** One agent in canonical form ({@link AgentShape#AGENT}, every key present); immutable. */
public final class AgentRecord {
  private final ObjectNode tree;

  private AgentRecord(ObjectNode tree) {
    this.tree = tree;
  }

  /**
   * Validates and normalises a feed record (native format: the Agent shape).
   *
   * @throws InvalidRecordException when a value has the wrong type or the id is missing
   */
  public static AgentRecord parse(JsonNode raw) throws InvalidRecordException {
    ObjectNode tree = ShapeNormalizer.normalize(AgentShape.AGENT, raw);
    RecordIds.requireText(tree, "id");
    return new AgentRecord(tree);
  }

  /** The agent's MLS id. */
  public String id() {
    return tree.get("id").asText();
  }

  /** The canonical tree; callers must not modify it. */
  public JsonNode tree() {
    return tree;
  }
}
