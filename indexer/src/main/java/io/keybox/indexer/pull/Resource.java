package io.keybox.indexer.pull;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The RESO resources a pull reads, in the order it reads them: listings first, then what joins
 * them. Each names the key field that identifies one of its records (RESO Data Dictionary 2.0),
 * which the pull uses to count distinct records against the server's {@code @odata.count}, and the
 * timestamp an incremental pull reads it by.
 *
 * <p>{@link #MEDIA} is no choice of {@code --resources}: the pull reads it (the listings' photos,
 * {@code ResourceName eq 'Property'}) when the server cannot expand a Property's Media.
 */
public enum Resource {
  PROPERTY("Property", "ListingKey"),
  OPEN_HOUSE("OpenHouse", "OpenHouseKey"),
  MEMBER("Member", "MemberKey"),
  MEDIA("Media", "MediaKey", "MediaModificationTimestamp");

  private final String odataName;
  private final String keyField;
  private final String timestampField;

  Resource(String odataName, String keyField) {
    this(odataName, keyField, "ModificationTimestamp");
  }

  Resource(String odataName, String keyField, String timestampField) {
    this.odataName = odataName;
    this.keyField = keyField;
    this.timestampField = timestampField;
  }

  /** The field an incremental pull reads changes by, e.g. {@code ModificationTimestamp}. */
  public String timestampField() {
    return timestampField;
  }

  /** The entity set's name in the service, e.g. {@code Property}. */
  public String odataName() {
    return odataName;
  }

  /** The field that identifies a record, e.g. {@code ListingKey}. */
  public String keyField() {
    return keyField;
  }

  /** The resource named {@code name} as the service spells it, case-insensitively. */
  public static Optional<Resource> named(String name) {
    return Arrays.stream(values())
        .filter(r -> r.odataName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT)))
        .findFirst();
  }

  /** The name of every resource {@code --resources} may name, comma-separated, for messages. */
  public static String names() {
    return String.join(
        ", ", Arrays.stream(values()).filter(r -> r != MEDIA).map(Resource::odataName).toList());
  }

  /** {@code map} in the resources' order (an empty map too, unlike {@code new EnumMap<>(map)}). */
  static <V> java.util.EnumMap<Resource, V> ordered(java.util.Map<Resource, V> map) {
    java.util.EnumMap<Resource, V> ordered = new java.util.EnumMap<>(Resource.class);
    ordered.putAll(map);
    return ordered;
  }

  /** The dump file this resource is staged in, e.g. {@code Property.ndjson.gz}. */
  String dumpFileName() {
    return odataName + ".ndjson.gz";
  }

  @Override
  public String toString() {
    return odataName;
  }
}
