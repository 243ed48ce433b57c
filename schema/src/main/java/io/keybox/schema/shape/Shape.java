package io.keybox.schema.shape;

import java.util.List;

/**
 * The declared key tree of a resource: objects of named members, leaves of a {@link LeafType}. The
 * order of members is the order keys are written in.
 */
public sealed interface Shape {
  /** The member name of this node in its parent. */
  String key();

  /** A leaf value. */
  record Leaf(String key, LeafType type) implements Shape {}

  /**
   * A nested object. When {@code nullable}, an absent or null feed value stays null; otherwise the
   * object is always written, with null members, so clients can dereference it safely.
   */
  record Obj(String key, boolean nullable, List<Shape> members) implements Shape {
    public Obj {
      members = List.copyOf(members);
    }
  }

  /** An array of objects of one shape, or null when absent. */
  record ObjList(String key, Obj item) implements Shape {}

  static Leaf leaf(String key, LeafType type) {
    return new Leaf(key, type);
  }

  static Obj object(String key, Shape... members) {
    return new Obj(key, false, List.of(members));
  }

  static Obj nullableObject(String key, Shape... members) {
    return new Obj(key, true, List.of(members));
  }

  static ObjList list(String key, Obj item) {
    return new ObjList(key, item);
  }
}
