package io.keybox.state.alerts;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One saved search as stored. {@link #toString()} leaves the secret out, so a search may be logged.
 *
 * @param id the search's id ({@code ss_...})
 * @param apiKey the key that owns it
 * @param vendor the vendor it searches
 * @param name its name, as the client gave it
 * @param query the {@code /properties} query string it runs
 * @param webhook the URL deliveries are posted to
 * @param events the event types it reports ({@code new}, {@code price}, {@code status}, {@code
 *     openhouse})
 * @param enabled whether it is matched and delivered
 * @param disabledReason why the server disabled it (410, failed deliveries), when it did
 * @param secret the signing secret ({@code whsec_...})
 * @param failedInRow deliveries failed for good since the last success
 * @param created when it was created
 * @param updated when it last changed
 */
public record SavedSearch(
    String id,
    String apiKey,
    String vendor,
    String name,
    String query,
    String webhook,
    List<String> events,
    boolean enabled,
    Optional<String> disabledReason,
    String secret,
    int failedInRow,
    Instant created,
    Instant updated) {
  public SavedSearch {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(apiKey, "apiKey");
    Objects.requireNonNull(vendor, "vendor");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(webhook, "webhook");
    events = List.copyOf(events);
    Objects.requireNonNull(disabledReason, "disabledReason");
    Objects.requireNonNull(secret, "secret");
  }

  /** Whether it reports events of {@code type}. */
  public boolean reports(String type) {
    return events.contains(type);
  }

  @Override
  public String toString() {
    return "SavedSearch[" + id + ", key " + apiKey + ", vendor " + vendor + "]";
  }
}
