package io.keybox.indexer.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.agent.AgentDocuments;
import io.keybox.schema.agent.AgentRecord;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexWriter;

/**
 * Indexes an agents dump (Agent objects, API.md §5): each valid agent becomes one document; a bad
 * record or a second agent with the same id is a reject. Agents need no ids of ours: the MLS id is
 * their identity.
 */
final class AgentStage {
  private final ObjectMapper mapper;
  private final AgentDocuments documents;

  AgentStage(ObjectMapper mapper) {
    this.mapper = mapper;
    this.documents = new AgentDocuments(mapper);
  }

  /**
   * Adds the agents of {@code dump} to {@code writer}; returns how many. In an incremental run each
   * replaces the agent with its id.
   *
   * @throws UnreadableDumpException when the dump cannot be read to its end
   * @throws IOException when the index cannot be written
   */
  long index(
      Path dump, JsonDump.Reading reading, IndexWriter writer, List<Reject> rejects, RunMode mode)
      throws IOException {
    Map<String, Long> firstLineOf = new HashMap<>();
    long[] agents = {0};
    JsonDump.each(
        dump,
        reading,
        mapper,
        Reject.AGENTS,
        rejects,
        (line, record, source) -> {
          AgentRecord agent = AgentRecord.parse(record);
          Long first = firstLineOf.putIfAbsent(agent.id(), line);
          if (first != null) {
            throw new InvalidRecordException(
                "id", "duplicate '" + agent.id() + "' (first at line " + first + ")");
          }
          if (mode == RunMode.INCREMENTAL) {
            // By the exact id: the case-insensitive agent.id field would also replace 'a1' by 'A1'.
            writer.updateDocument(AgentDocuments.key(agent.id()), documents.toDocument(agent));
          } else {
            writer.addDocument(documents.toDocument(agent));
          }
          agents[0]++;
        });
    return agents[0];
  }
}
