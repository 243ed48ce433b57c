package io.keybox.state.alerts;

import java.util.Objects;

/**
 * A delivery a commit's matching made: its webhook id, its search and its exact body, fixed now so
 * that every retry sends the same bytes under the same id.
 *
 * @param id the {@code webhook-id} ({@code msg_...})
 * @param searchId the saved search it is for
 * @param vendor the vendor whose commit made it
 * @param generation that commit's generation
 * @param listings how many listings it carries
 * @param body the JSON body
 */
public record NewDelivery(
    String id, String searchId, String vendor, long generation, int listings, byte[] body) {
  public NewDelivery {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(searchId, "searchId");
    Objects.requireNonNull(vendor, "vendor");
    Objects.requireNonNull(body, "body");
  }
}
