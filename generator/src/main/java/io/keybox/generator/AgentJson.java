package io.keybox.generator;

import io.keybox.generator.AgentPool.Agent;
import io.keybox.generator.AgentPool.Office;
import java.io.IOException;

/** Writes agents, offices and street addresses in their API.md §5 shapes. */
final class AgentJson {
  private AgentJson() {}

  /**
   * A listing's {@code agent}/{@code coAgent}/{@code sales.agent} object; every member null when
   * {@code agent} is null. The address is left null in listings (it is in the agents dump).
   */
  static void listingAgent(Json j, String name, Agent agent) throws IOException {
    j.start(name);
    j.str("id", agent == null ? null : agent.id());
    j.str("firstName", agent == null ? null : agent.firstName());
    j.str("lastName", agent == null ? null : agent.lastName());
    j.str("officeMlsId", agent == null ? null : agent.office().id());
    j.time("modified", agent == null ? null : agent.modified());
    j.nul("address");
    contact(j, agent);
    j.end();
  }

  /** A listing's {@code office}/{@code sales.office} object; every member null for null. */
  static void office(Json j, String name, Office office) throws IOException {
    j.start(name);
    j.str("name", office == null ? null : office.name());
    j.str("servingName", office == null ? null : office.servingName());
    j.str("brokerid", office == null ? null : office.id());
    if (office == null) {
      j.nul("contact");
    } else {
      j.start("contact");
      j.str("email", office.email());
      j.str("office", office.phone());
      j.nul("cell");
      j.end();
    }
    j.end();
  }

  /** One line of the agents dump: an Agent object of API.md §5. */
  static void agentRecord(Json j, Agent agent) throws IOException {
    j.generator().writeStartObject();
    j.str("id", agent.id());
    j.str("firstName", agent.firstName());
    j.str("lastName", agent.lastName());
    j.str("officeMlsId", agent.office().id());
    address(j, "address", agent.office().address());
    contact(j, agent);
    j.end();
  }

  /** A StreetAddress object (the keys of a listing's {@code address}). */
  static void address(Json j, String name, StreetAddress a) throws IOException {
    j.start(name);
    j.str("full", a.full());
    j.num("streetNumber", a.streetNumber());
    j.str("streetNumberText", Integer.toString(a.streetNumber()));
    j.str("streetName", a.streetName());
    j.str("unit", a.unit());
    j.str("city", a.city());
    j.str("state", StreetAddress.STATE);
    j.str("postalCode", a.postalCode());
    j.str("country", StreetAddress.COUNTRY);
    j.str("crossStreet", a.crossStreet());
    j.end();
  }

  private static void contact(Json j, Agent agent) throws IOException {
    if (agent == null) {
      j.nul("contact");
      return;
    }
    j.start("contact");
    j.str("email", agent.email());
    j.str("office", agent.office().phone());
    j.str("cell", agent.cell());
    j.end();
  }
}
