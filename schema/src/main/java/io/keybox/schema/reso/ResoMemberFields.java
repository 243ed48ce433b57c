package io.keybox.schema.reso;

import static io.keybox.schema.reso.ResoField.Conversion.COPY;
import static io.keybox.schema.reso.ResoField.Conversion.DERIVED;
import static io.keybox.schema.reso.ResoType.LOOKUP;
import static io.keybox.schema.reso.ResoType.STRING;

import io.keybox.schema.agent.AgentFields;
import java.util.List;

/**
 * The RESO Member ↔ Agent field table (docs/reso-mapping.md, row for row), read by the indexer's
 * mapping and, inverted, by the server's RESO view.
 */
public final class ResoMemberFields {
  private ResoMemberFields() {}

  /** The rows: RESO field, Agent path, conversion, Data Dictionary type. */
  public static final List<ResoField> FIELDS =
      List.of(
          ResoField.of("MemberMlsId", "id", DERIVED, STRING).inverted().indexedAs(AgentFields.ID),
          ResoField.of("MemberFirstName", "firstName", COPY, STRING),
          ResoField.of("MemberLastName", "lastName", COPY, STRING),
          ResoField.of("OfficeMlsId", "officeMlsId", COPY, STRING),
          ResoField.of("MemberAddress1", "address.full", COPY, STRING),
          ResoField.of("MemberCity", "address.city", COPY, STRING),
          ResoField.of("MemberStateOrProvince", "address.state", COPY, LOOKUP)
              .indexedAs(AgentFields.STATE),
          ResoField.of("MemberPostalCode", "address.postalCode", COPY, STRING),
          ResoField.of("MemberCountry", "address.country", COPY, LOOKUP),
          ResoField.of("MemberEmail", "contact.email", COPY, STRING).indexedAs(AgentFields.EMAIL),
          ResoField.of("MemberOfficePhone", "contact.office", COPY, STRING),
          ResoField.of("MemberMobilePhone", "contact.cell", COPY, STRING));
}
