package io.keybox.indexer.reso;

import static io.keybox.indexer.reso.ResoField.Conversion.COPY;
import static io.keybox.indexer.reso.ResoField.Conversion.DERIVED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The RESO Member → Agent mapping (docs/reso-mapping.md). An agent's {@code id} is its MemberMlsId
 * (the id listings name agents by), else its MemberKey: a member without an MLS id is still an
 * agent.
 */
public final class ResoMemberMapping {
  /** The field table: RESO field, Agent path, conversion. */
  public static final List<ResoField> FIELDS =
      List.of(
          new ResoField("MemberMlsId", "id", DERIVED),
          new ResoField("MemberFirstName", "firstName", COPY),
          new ResoField("MemberLastName", "lastName", COPY),
          new ResoField("OfficeMlsId", "officeMlsId", COPY),
          new ResoField("MemberAddress1", "address.full", COPY),
          new ResoField("MemberCity", "address.city", COPY),
          new ResoField("MemberStateOrProvince", "address.state", COPY),
          new ResoField("MemberPostalCode", "address.postalCode", COPY),
          new ResoField("MemberCountry", "address.country", COPY),
          new ResoField("MemberEmail", "contact.email", COPY),
          new ResoField("MemberOfficePhone", "contact.office", COPY),
          new ResoField("MemberMobilePhone", "contact.cell", COPY));

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
