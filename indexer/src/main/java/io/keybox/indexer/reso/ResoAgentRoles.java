package io.keybox.indexer.reso;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The derived members of a RESO listing's agents, for each role alike (the listing agent, the
 * co-listing agent, the buyer's agent); their plain fields are rows of {@link
 * ResoListingMapping#FIELDS}.
 */
final class ResoAgentRoles {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ResoAgentRoles() {}

  /** Fills the derived members of every role {@code reso} names into {@code listing}. */
  static void apply(JsonNode reso, ObjectNode listing) {
    for (String[] role : ROLES) {
      agent(reso, listing, role[0], role[1]);
    }
  }

  /** The RESO prefix of each agent role and the Listing object it fills. */
  private static final String[][] ROLES = {
    {"ListAgent", "agent"}, {"CoListAgent", "coAgent"}, {"BuyerAgent", "sales.agent"}
  };

  /**
   * An agent role's derived members: the name split from {@code FullName} when neither first nor
   * last name is given (the last word is the last name), the direct line before the office phone,
   * the cell phone before the mobile phone.
   */
  private static void agent(JsonNode reso, ObjectNode listing, String prefix, String path) {
    String full = ResoTables.text(reso, prefix + "FullName");
    if (full != null
        && !full.isBlank()
        && ResoTables.text(reso, prefix + "FirstName") == null
        && ResoTables.text(reso, prefix + "LastName") == null) {
      String name = full.strip().replaceAll("\\s+", " ");
      int space = name.lastIndexOf(' ');
      if (space > 0) {
        ResoTables.put(listing, path + ".firstName", NODES.textNode(name.substring(0, space)));
      }
      ResoTables.put(listing, path + ".lastName", NODES.textNode(name.substring(space + 1)));
    }
    firstOf(
        reso, listing, path + ".contact.office", prefix + "DirectPhone", prefix + "OfficePhone");
    firstOf(reso, listing, path + ".contact.cell", prefix + "CellPhone", prefix + "MobilePhone");
  }

  /** Sets {@code path} to the first of {@code fields} that {@code reso} has a value for. */
  private static void firstOf(JsonNode reso, ObjectNode listing, String path, String... fields) {
    for (String field : fields) {
      String value = ResoTables.text(reso, field);
      if (value != null && !value.isBlank()) {
        ResoTables.put(listing, path, NODES.textNode(value.strip()));
        return;
      }
    }
  }
}
