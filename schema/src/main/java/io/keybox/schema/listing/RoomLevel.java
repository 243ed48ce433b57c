package io.keybox.schema.listing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.keybox.schema.shape.LeafType;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The floor a room is on ({@code property.rooms[].level}, API.md §5): an integer, as the upstream
 * API serves it, because its clients format it as an ordinal number (the WordPress plugin fails
 * with a TypeError on text). Feeds say it in words (RESO RoomLevel: Basement, First, Lower, Main,
 * Second, Third, Upper) or digits.
 *
 * <p>Digits ({@code "2"}, {@code "2nd"}) and ordinal words ({@code First}=1 ... {@code Tenth}=10)
 * are their number; {@code Main}=1, {@code Upper}=2, {@code Lower} and {@code Basement}=0; case and
 * surrounding blanks do not matter. Anything else is null: a room is never rejected for its level.
 */
public final class RoomLevel {
  /** The shape's leaf type of {@code level}: an integer or null, never a reason to reject. */
  public static final LeafType LEAF_TYPE = RoomLevel::coerce;

  private static final int MAX = 200; // higher than any building; larger digits are no floor

  private static final Map<String, Integer> WORDS =
      Map.ofEntries(
          Map.entry("basement", 0),
          Map.entry("lower", 0),
          Map.entry("main", 1),
          Map.entry("upper", 2),
          Map.entry("first", 1),
          Map.entry("second", 2),
          Map.entry("third", 3),
          Map.entry("fourth", 4),
          Map.entry("fifth", 5),
          Map.entry("sixth", 6),
          Map.entry("seventh", 7),
          Map.entry("eighth", 8),
          Map.entry("ninth", 9),
          Map.entry("tenth", 10));

  private RoomLevel() {}

  /** The level {@code text} names, or empty when it names none. */
  public static OptionalInt parse(String text) {
    if (text == null) {
      return OptionalInt.empty();
    }
    String word = text.strip().toLowerCase(Locale.ROOT);
    Integer known = WORDS.get(word);
    if (known != null) {
      return OptionalInt.of(known);
    }
    String digits = stripOrdinalSuffix(word);
    if (digits.isEmpty() || digits.length() > 3 || !digits.chars().allMatch(Character::isDigit)) {
      return OptionalInt.empty();
    }
    int level = Integer.parseInt(digits);
    return level <= MAX ? OptionalInt.of(level) : OptionalInt.empty();
  }

  /** The level of a feed value: a whole number as it is, text by {@link #parse}; else null. */
  private static JsonNode coerce(JsonNode raw) {
    if (raw == null || raw.isMissingNode() || raw.isNull()) {
      return NullNode.getInstance();
    }
    if (raw.isNumber()) {
      double value = raw.doubleValue();
      return value >= 0 && value <= MAX && value == Math.rint(value)
          ? IntNode.valueOf((int) value)
          : NullNode.getInstance();
    }
    OptionalInt level = raw.isTextual() ? parse(raw.textValue()) : OptionalInt.empty();
    return level.isPresent() ? IntNode.valueOf(level.getAsInt()) : NullNode.getInstance();
  }

  private static String stripOrdinalSuffix(String word) {
    for (String suffix : new String[] {"st", "nd", "rd", "th"}) {
      if (word.endsWith(suffix)) {
        return word.substring(0, word.length() - suffix.length());
      }
    }
    return word;
  }
}
