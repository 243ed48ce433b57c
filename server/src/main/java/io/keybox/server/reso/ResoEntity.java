package io.keybox.server.reso;

import io.keybox.schema.field.DoubleValueField;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoMediaFields;
import io.keybox.schema.reso.ResoMemberFields;
import io.keybox.schema.reso.ResoOpenHouseFields;
import io.keybox.schema.reso.ResoPropertyRecord;
import java.util.ArrayList;
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
 * @param navigations the navigation properties, for {@code $expand} and navigation paths
 */
record ResoEntity(
    String name,
    String keyName,
    ResoRecords records,
    Map<String, ResoField> fields,
    List<ResoNavigation> navigations) {
  /**
   * Listings: key {@code ListingKey}, Keybox's mlsId; they lead to their photos, open houses and
   * agent.
   */
  static final ResoEntity PROPERTY =
      new ResoEntity(
          "Property",
          "ListingKey",
          ResoRecords.LISTINGS,
          ResoPropertyRecord.VIEW,
          List.of(
              ResoNavigation.MEDIA,
              ResoNavigation.OPEN_HOUSE,
              ResoNavigation.LIST_AGENT,
              ResoNavigation.LIST_OFFICE));

  /** Agents: key {@code MemberKey}, the agent's id. */
  static final ResoEntity MEMBER =
      new ResoEntity(
          "Member",
          "MemberKey",
          ResoRecords.MEMBERS,
          ResoField.view(ResoMemberFields.FIELDS),
          List.of());

  /** Open houses: key {@code OpenHouseKey}, Keybox's openHouseKey. */
  static final ResoEntity OPEN_HOUSE =
      new ResoEntity(
          "OpenHouse",
          "OpenHouseKey",
          ResoRecords.OPEN_HOUSES,
          ResoField.view(ResoOpenHouseFields.FIELDS),
          List.of());

  /** Listings' photos: key {@code MediaKey}, {@code {ListingKey}-{Order}}. */
  static final ResoEntity MEDIA =
      new ResoEntity(
          "Media",
          "MediaKey",
          ResoRecords.MEDIA,
          ResoField.view(ResoMediaFields.FIELDS),
          List.of());

  /** Offices, derived: key {@code OfficeKey}, the office's MLS id. */
  static final ResoEntity OFFICE = derived("Office", "OfficeKey", ResoRecords.OFFICES);

  /** String lookup values, derived: key {@code LookupKey}, {@code {LookupName}:{LookupValue}}. */
  static final ResoEntity LOOKUP = derived("Lookup", "LookupKey", ResoRecords.LOOKUPS);

  /** The resources the view serves. */
  static final List<ResoEntity> ALL = List.of(PROPERTY, MEMBER, OPEN_HOUSE, MEDIA, OFFICE, LOOKUP);

  /** The resource named {@code name}, if the view serves it. */
  static Optional<ResoEntity> named(String name) {
    return ALL.stream().filter(e -> e.name.equals(name)).findFirst();
  }

  /** The advertised field {@code name} (the key is not one), if any. */
  Optional<ResoField> field(String name) {
    return Optional.ofNullable(fields.get(name));
  }

  /** The navigation property {@code name}, if this resource has it. */
  Optional<ResoNavigation> navigation(String name) {
    return navigations.stream().filter(n -> n.propertyName().equals(name)).findFirst();
  }

  /**
   * The properties {@code $filter} does not take: fields without a Lucene field, a record's key.
   */
  List<String> nonFilterable() {
    List<String> names = new ArrayList<>();
    if (records.manyPerDocument()) {
      names.add(keyName); // the index finds the document, not the record
    }
    fields.values().stream().filter(f -> f.index().isEmpty()).forEach(f -> names.add(f.reso()));
    return names;
  }

  /** The properties {@code $orderby} does not take: all but the key, numbers and times. */
  List<String> nonSortable() {
    return fields.values().stream().filter(f -> !sortable(f)).map(ResoField::reso).toList();
  }

  /** Whether {@code $orderby} takes {@code field}: it has a numeric (or time) Lucene field. */
  static boolean sortable(ResoField field) {
    return field.index().orElse(null) instanceof LongValueField
        || field.index().orElse(null) instanceof DoubleValueField;
  }

  /** Every property name: the key first, then the fields. */
  List<String> propertyNames() {
    List<String> names = new ArrayList<>();
    names.add(keyName);
    names.addAll(fields.keySet());
    return names;
  }

  /** A resource the view derives from the index: its rows are its derived resource's. */
  private static ResoEntity derived(String name, String keyName, ResoRecords records) {
    return new ResoEntity(
        name, keyName, records, ResoField.view(records.derived().orElseThrow().rows()), List.of());
  }
}
