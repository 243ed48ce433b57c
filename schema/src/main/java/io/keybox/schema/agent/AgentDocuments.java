package io.keybox.schema.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.RecordKind;
import io.keybox.schema.StoredBytes;
import io.keybox.schema.field.SearchField;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;

/**
 * Builds the Lucene document of an agent (its kind, {@link AgentFields#ALL}, and its response JSON
 * rendered once and stored) and reads that JSON back. The only place agent documents are made.
 */
public final class AgentDocuments {
  private static final String SOURCE = "_agent";

  private final ObjectMapper mapper;

  public AgentDocuments(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  /** The document of {@code agent}. */
  /**
   * The term of the agent document whose id is exactly {@code id} (ids that differ in case are
   * different agents): what {@code IndexWriter.updateDocument} replaces it by.
   */
  public static Term key(String id) {
    return AgentFields.KEY.term(id);
  }

  public Document toDocument(AgentRecord agent) {
    Document doc = new Document();
    RecordKind.AGENT.addTo(doc);
    AgentFields.KEY.addTo(doc, agent.id());
    for (SearchField field : AgentFields.ALL) {
      field.addTo(doc, agent.tree());
    }
    try {
      doc.add(new StoredField(SOURCE, mapper.writeValueAsBytes(agent.tree())));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return doc;
  }

  /**
   * The stored response JSON of agent document {@code docId}.
   *
   * @throws IOException from the index
   */
  public static byte[] load(StoredFields storedFields, int docId) throws IOException {
    return StoredBytes.load(storedFields, docId, SOURCE);
  }
}
