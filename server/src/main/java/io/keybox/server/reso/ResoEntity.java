package io.keybox.server.reso;

import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoMemberFields;
import io.keybox.schema.reso.ResoOpenHouseFields;
import io.keybox.schema.reso.ResoPropertyFields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One RESO resource of the view: its entity set name, its key and the fields it advertises, each
 * the first row of the schema's table for that RESO name that can be served back ({@link
 * ResoField#inView()}): one declaration per field, inverted.
 *
 * @param name the entity set and entity type name, e.g. {@code Property}
 * @param keyName the key property, e.g. {@code ListingKey}
 * @param records the Keybox records behind the resource
 * @param fields the advertised fields by RESO name, in table order
 */
record ResoEntity(String name, String keyName, ResoRecords records, Map<String, ResoField> fields) {
  /** Listings: key {@code ListingKey}, Keybox's mlsId. */
  static final ResoEntity PROPERTY =
      new ResoEntity(
          "Property", "ListingKey", ResoRecords.LISTINGS, view(ResoPropertyFields.FIELDS));

  /** Agents: key {@code MemberKey}, the agent's id. */
  static final ResoEntity MEMBER =
      new ResoEntity("Member", "MemberKey", ResoRecords.MEMBERS, view(ResoMemberFields.FIELDS));

  /** Open houses: key {@code OpenHouseKey}, Keybox's openHouseKey. */
  static final ResoEntity OPEN_HOUSE =
      new ResoEntity(
          "OpenHouse", "OpenHouseKey", ResoRecords.OPEN_HOUSES, view(ResoOpenHouseFields.FIELDS));

  /** The resources the view serves. */
  static final List<ResoEntity> ALL = List.of(PROPERTY, MEMBER, OPEN_HOUSE);

  /** The resource named {@code name}, if the view serves it. */
  static Optional<ResoEntity> named(String name) {
    return ALL.stream().filter(e -> e.name.equals(name)).findFirst();
  }

  /** The advertised field {@code name} (the key is not one), if any. */
  Optional<ResoField> field(String name) {
    return Optional.ofNullable(fields.get(name));
  }

  /** Every property name: the key first, then the fields. */
  List<String> propertyNames() {
    List<String> names = new ArrayList<>();
    names.add(keyName);
    names.addAll(fields.keySet());
    return names;
  }

  private static Map<String, ResoField> view(List<ResoField> table) {
    Map<String, ResoField> fields = new LinkedHashMap<>();
    for (ResoField row : table) {
      if (row.inView()) {
        fields.putIfAbsent(row.reso(), row);
      }
    }
    return Collections.unmodifiableMap(fields);
  }
}
