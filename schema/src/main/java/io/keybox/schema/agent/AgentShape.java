package io.keybox.schema.agent;

import static io.keybox.schema.shape.LeafTypes.STRING;
import static io.keybox.schema.shape.Shape.leaf;
import static io.keybox.schema.shape.Shape.object;

import io.keybox.schema.listing.ListingShape;
import io.keybox.schema.shape.Shape;

/**
 * The Agent of /agents (API.md §5): the agent object of a listing without {@code modified}. The
 * {@code address} (a StreetAddress) and {@code contact} are null when the feed gives none.
 */
public final class AgentShape {
  private AgentShape() {}

  /** The whole Agent, in response order. */
  public static final Shape.Obj AGENT =
      object(
          "agent",
          leaf("id", STRING),
          leaf("firstName", STRING),
          leaf("lastName", STRING),
          leaf("officeMlsId", STRING),
          new Shape.Obj("address", true, ListingShape.ADDRESS.members()),
          ListingShape.CONTACT);
}
