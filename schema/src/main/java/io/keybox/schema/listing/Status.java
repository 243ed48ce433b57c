package io.keybox.schema.listing;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The normalised listing statuses of API.md §6, with the feed synonyms the indexer maps onto them.
 * Matching ignores case and everything but letters and digits, so {@code "Under Contract"}, {@code
 * "under-contract"} and {@code "UNDERCONTRACT"} are one value.
 */
public enum Status {
  Active(),
  ActiveUnderContract(
      "accepting backup offers",
      "backup offer",
      "active with accepted",
      "offer",
      "backup",
      "contingent"),
  Pending("offer accepted", "under contract"),
  Hold("hold do not show", "temp off market"),
  Withdrawn(),
  Closed("sold", "leased", "rented", "closed sale"),
  Expired(),
  Delete("kill", "zap"),
  Incomplete("draft", "partially completed"),
  ComingSoon();

  private static final Map<String, Status> BY_KEY = new HashMap<>();

  static {
    for (Status status : values()) {
      BY_KEY.put(VocabularyKey.of(status.name()), status);
      for (String synonym : status.synonyms) {
        BY_KEY.put(VocabularyKey.of(synonym), status);
      }
    }
  }

  private final List<String> synonyms;

  Status(String... synonyms) {
    this.synonyms = List.of(synonyms);
  }

  /** The status a feed or query value names (a status name or a synonym), if any. */
  public static Optional<Status> parse(String value) {
    return Optional.ofNullable(BY_KEY.get(VocabularyKey.of(value)));
  }

  /** The names of all statuses, in declaration order. */
  public static List<String> names() {
    return Arrays.stream(values()).map(Status::name).toList();
  }
}
