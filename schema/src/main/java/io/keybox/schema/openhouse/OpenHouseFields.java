package io.keybox.schema.openhouse;

import static io.keybox.schema.JsonPaths.epochMillis;
import static io.keybox.schema.JsonPaths.whole;

import io.keybox.schema.field.LongValueField;
import io.keybox.schema.field.SearchField;
import java.util.List;

/**
 * The catalogue of an open house's own searchable and sortable fields. An open house document also
 * holds every field of {@link io.keybox.schema.listing.ListingFields#ALL}, read from its listing
 * (the listing's mlsId among them), so listing filters and sorts apply to open houses unchanged.
 */
public final class OpenHouseFields {
  private OpenHouseFields() {}

  /** This service's stable key of the open house; the {@code lastId} cursor of /openhouses. */
  public static final LongValueField OPEN_HOUSE_KEY =
      new LongValueField("openHouseKey", oh -> whole(oh, "openHouseKey"));

  /** {@code startTime}, epoch milliseconds. */
  public static final LongValueField START_TIME =
      new LongValueField("startTime", oh -> epochMillis(oh, "startTime"));

  /** The open house's own fields, in indexing order. */
  public static final List<SearchField> ALL = List.of(OPEN_HOUSE_KEY, START_TIME);
}
