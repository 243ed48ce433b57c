package io.keybox.indexer.reso;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoMemberFields;
import java.util.List;

/**
 * The RESO Member → Agent mapping (docs/reso-mapping.md). An agent's {@code id} is its MemberMlsId
 * (the id listings name agents by), else its MemberKey: a member without an MLS id is still an
 * agent.
 */
public final class ResoMemberMapping {
  /** The field table: RESO field, Keybox path, conversion ({@link ResoMemberFields}). */
  public static final List<ResoField> FIELDS = ResoMemberFields.FIELDS;

  private ResoMemberMapping() {}

  /** The agent (native shape, before validation) of a RESO Member record. */
  public static ObjectNode toAgent(JsonNode reso) {
    ObjectNode agent = ResoTables.apply(FIELDS, reso);
    String id = ResoTables.text(reso, "MemberMlsId");
    if (id == null || id.isBlank()) {
      id = ResoTables.text(reso, "MemberKey");
    }
    if (id != null && !id.isBlank()) {
      agent.put("id", id.strip());
    }
    return agent;
  }
}
