package io.keybox.state.alerts;

import java.util.List;
import java.util.Objects;

/**
 * A delivery a commit's matching made: its webhook id, its search and its exact body, fixed now so
 * that every retry sends the same bytes under the same id.
 *
 * <p>The body may leave {@link Slot slots} for listings the commit's deliveries share ({@link
 * SharedListing}): a listing that changed in a popular city goes to hundreds of searches, and
 * writing its JSON into each of their bodies made a commit's outbox hundreds of megabytes. The
 * outbox then keeps the listing once and fills the slots whenever it hands the delivery out, so the
 * body sent is always the same bytes.
 *
 * @param id the {@code webhook-id} ({@code msg_...})
 * @param searchId the saved search it is for
 * @param vendor the vendor whose commit made it
 * @param generation that commit's generation
 * @param listings how many listings it carries
 * @param body the JSON body, less the slots' listings
 * @param slots where in {@code body} each shared listing goes, by increasing offset
 */
public record NewDelivery(
    String id,
    String searchId,
    String vendor,
    long generation,
    int listings,
    byte[] body,
    List<Slot> slots) {
  public NewDelivery {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(searchId, "searchId");
    Objects.requireNonNull(vendor, "vendor");
    Objects.requireNonNull(body, "body");
    slots = List.copyOf(slots);
    int last = 0;
    for (Slot slot : slots) {
      if (slot.offset() < last || slot.offset() > body.length) {
        throw new IllegalArgumentException(
            "delivery " + id + ": slot offset " + slot.offset() + " out of order or past the body");
      }
      last = slot.offset();
    }
  }

  /**
   * A place in a delivery's body where a listing the commit's deliveries share goes.
   *
   * @param offset the byte offset in the body the listing is put at
   * @param key the shared listing's key ({@link SharedListing#key()}) in the delivery's commit
   */
  public record Slot(int offset, String key) {
    public Slot {
      SharedListing.checkKey(key);
    }
  }
}
