package io.keybox.schema.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.ClassIndex;
import io.keybox.schema.shape.InvalidRecordException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Agent documents: name prefixes, id/email lookups, state, and the roster order. */
class AgentRoundTripTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String[] AGENTS = {
    "{'id':'B2','firstName':'Mary Ann','lastName':'McDonald','address':{'state':'TX'},"
        + "'contact':{'email':'Mary@Example.com'}}",
    "{'id':'A1','firstName':'john','lastName':'Smith','address':{'state':'tx'}}",
    "{'id':'C3','firstName':'Jo','lastName':'smith','address':{'state':'LA'}}",
    "{'id':'D4','firstName':'Zed'}",
    "{'id':'A0','firstName':'John','lastName':'Smith'}",
  };

  @RegisterExtension
  static final ClassIndex index = new ClassIndex(IndexWriterConfig::new, AgentRoundTripTest::write);

  private static void write(IndexWriter writer) throws Exception {
    AgentDocuments documents = new AgentDocuments(JSON);
    for (String agent : AGENTS) {
      writer.addDocument(
          documents.toDocument(AgentRecord.parse(JSON.readTree(agent.replace('\'', '"')))));
    }
  }

  private static List<String> ids(Query condition) throws IOException {
    Query query = ClassIndex.allOf(AgentQueries.allAgents(), condition);
    List<String> ids = new ArrayList<>();
    for (ScoreDoc hit : index.searcher().search(query, 10, AgentFields.BY_NAME).scoreDocs) {
      ids.add(
          JSON.readTree(AgentDocuments.load(index.searcher().storedFields(), hit.doc))
              .get("id")
              .asText());
    }
    return ids;
  }

  @Test
  void rosterOrderIsLastFirstIdIgnoringCaseWithMissingNamesLast() throws IOException {
    // McDonald; then Smith Jo, Smith John (A0), Smith john (A1); D4 has no last name.
    assertEquals(List.of("B2", "C3", "A0", "A1", "D4"), ids(AgentQueries.allAgents()));
  }

  @Test
  void everyNameWordMayBeAPrefixOfTheFirstOrLastName() throws IOException {
    assertEquals(List.of("C3", "A0", "A1"), ids(AgentFilters.NAME.match("SMITH")));
    assertEquals(List.of("C3", "A0", "A1"), ids(AgentFilters.NAME.match("jo smi")));
    assertEquals(List.of("A0", "A1"), ids(AgentFilters.NAME.match("john")));
    assertEquals(List.of("B2"), ids(AgentFilters.NAME.match("ann mc")));
    assertEquals(List.of(), ids(AgentFilters.NAME.match("mith")));
  }

  @Test
  void idOrEmailAndStateAreWholeValuesIgnoringCase() throws IOException {
    assertEquals(
        List.of("B2", "A1"), ids(AgentQueries.idOrEmail(List.of("a1", "mary@example.COM"))));
    assertEquals(List.of(), ids(AgentQueries.idOrEmail(List.of("mary"))));
    assertEquals(List.of("B2", "A1"), ids(AgentFields.STATE.anyOf(List.of("TX"))));
  }

  @Test
  void everyKeyIsPresentAndTheIdIsRequired() throws Exception {
    ScoreDoc hit = index.searcher().search(AgentFields.ID.is("D4"), 1).scoreDocs[0];
    JsonNode agent = JSON.readTree(AgentDocuments.load(index.searcher().storedFields(), hit.doc));
    List<String> keys = new ArrayList<>();
    agent.fieldNames().forEachRemaining(keys::add);
    assertEquals(List.of("id", "firstName", "lastName", "officeMlsId", "address", "contact"), keys);
    assertTrue(agent.get("address").isNull() && agent.get("contact").isNull());
    assertEquals(
        "id: required",
        assertThrows(
                InvalidRecordException.class,
                () -> AgentRecord.parse(JSON.readTree("{\"firstName\":\"x\"}")))
            .getMessage());
  }
}
