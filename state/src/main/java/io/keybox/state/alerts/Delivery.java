package io.keybox.state.alerts;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One delivery of the outbox and how far it got.
 *
 * @param id the {@code webhook-id}, the same on every attempt
 * @param searchId the saved search
 * @param vendor the vendor whose commit made it
 * @param generation that commit's generation
 * @param listings how many listings it carries
 * @param body the exact JSON body while pending; empty once done (as {@link Outbox#find} and {@link
 *     Outbox#recent} give it)
 * @param created when matching made it
 * @param state {@code pending}, {@code delivered} or {@code failed}
 * @param attempts attempts made so far
 * @param nextAttempt when it is due next, while pending
 * @param lastStatus the HTTP status of the last attempt, when one came back
 * @param lastError what went wrong on the last attempt, when something did
 * @param updated when it last changed
 */
public record Delivery(
    String id,
    String searchId,
    String vendor,
    long generation,
    int listings,
    byte[] body,
    Instant created,
    String state,
    int attempts,
    Optional<Instant> nextAttempt,
    OptionalInt lastStatus,
    Optional<String> lastError,
    Instant updated) {
  public static final String PENDING = "pending";
  public static final String DELIVERED = "delivered";
  public static final String FAILED = "failed";

  public Delivery {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(body, "body");
  }
}
