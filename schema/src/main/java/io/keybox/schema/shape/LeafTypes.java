package io.keybox.schema.shape;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.TemporalAccessor;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The leaf types of the API's resources. Values are checked strictly; bad ones are reasons to
 * reject.
 */
public final class LeafTypes {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final double MAX_EXACT = 9007199254740992d; // 2^53

  private LeafTypes() {}

  /** Free text; numbers and booleans are kept as their text. */
  public static final LeafType STRING =
      raw -> {
        if (isAbsent(raw)) return NullNode.getInstance();
        if (raw.isValueNode()) return NODES.textNode(raw.asText());
        throw new IllegalArgumentException("expected text, got " + describe(raw));
      };

  /** A whole number; {@code 3.0} and {@code "3"} are accepted as 3. */
  public static final LeafType INTEGER =
      raw -> {
        if (isAbsent(raw)) return NullNode.getInstance();
        if (raw.isIntegralNumber() && raw.canConvertToLong()) {
          return NODES.numberNode(raw.longValue()); // what the general path gives, faster
        }
        BigDecimal value = number(raw);
        try {
          return NODES.numberNode(value.longValueExact());
        } catch (ArithmeticException e) {
          throw new IllegalArgumentException("expected a whole number, got " + describe(raw));
        }
      };

  /**
   * A whole number that feeds may send with a fraction: amounts and measures that RESO types as
   * Decimal (TaxAnnualAmount {@code 8295.87}, LivingArea, ClosePrice, AssociationFee) are rounded
   * half-up ({@code 8295.87} → 8296, {@code 2.5} → 3, {@code -2.5} → -3); otherwise as {@link
   * #INTEGER}. Ids and counts (bedrooms, years: RESO Integer) stay {@link #INTEGER}: a fraction
   * there is a wrong value, not cents.
   */
  public static final LeafType ROUNDED_INTEGER =
      raw -> {
        if (isAbsent(raw) || (raw.isIntegralNumber() && raw.canConvertToLong())) {
          return INTEGER.coerce(raw);
        }
        BigDecimal value = number(raw).setScale(0, java.math.RoundingMode.HALF_UP);
        try {
          return NODES.numberNode(value.longValueExact());
        } catch (ArithmeticException e) {
          throw new IllegalArgumentException("expected a whole number, got " + describe(raw));
        }
      };

  /** A finite decimal number; whole values are kept whole so they print without a fraction. */
  public static final LeafType NUMBER =
      raw -> isAbsent(raw) ? NullNode.getInstance() : decimal(raw);

  /** A latitude in decimal degrees, -90..90. */
  public static final LeafType LATITUDE = raw -> inRange(raw, -90, 90);

  /** A longitude in decimal degrees, -180..180. */
  public static final LeafType LONGITUDE = raw -> inRange(raw, -180, 180);

  /** true/false; also the feed spellings y/n, yes/no, 1/0. */
  public static final LeafType BOOLEAN =
      raw -> {
        if (isAbsent(raw)) return NullNode.getInstance();
        if (raw.isBoolean()) return raw;
        Optional<Boolean> parsed = parseBoolean(raw.isValueNode() ? raw.asText() : "");
        return NODES.booleanNode(
            parsed.orElseThrow(
                () ->
                    new IllegalArgumentException("expected true or false, got " + describe(raw))));
      };

  /**
   * An instant, printed as ISO-8601 UTC with {@code Z}. Accepts a date-time with or without a zone
   * (UTC when absent) or a bare date (its start in UTC).
   */
  public static final LeafType DATETIME =
      raw -> {
        if (isAbsent(raw)) return NullNode.getInstance();
        if (!raw.isTextual()) {
          throw new IllegalArgumentException(
              "expected an ISO-8601 date-time, got " + describe(raw));
        }
        return NODES.textNode(parseInstant(raw.asText()).toString());
      };

  /** A list of strings; absent is the empty list, a lone string a list of one. */
  public static final LeafType STRING_LIST =
      raw -> {
        ArrayNode list = NODES.arrayNode();
        if (isAbsent(raw)) return list;
        if (raw.isTextual()) return list.add(raw.asText());
        if (!raw.isArray()) {
          throw new IllegalArgumentException("expected a list of strings, got " + describe(raw));
        }
        for (JsonNode item : raw) {
          if (!item.isValueNode() || item.isNull()) {
            throw new IllegalArgumentException(
                "expected strings in the list, got " + describe(item));
          }
          list.add(item.asText());
        }
        return list;
      };

  /** A string to string map (scalar values kept as their text); {@code {}} when absent. */
  public static final LeafType STRING_MAP =
      raw -> {
        if (isAbsent(raw)) return NODES.objectNode(); // clients iterate it: never null
        if (!raw.isObject()) {
          throw new IllegalArgumentException("expected an object, got " + describe(raw));
        }
        ObjectNode map = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = raw.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> entry = it.next();
          JsonNode value = entry.getValue();
          if (value.isNull()) {
            map.putNull(entry.getKey());
          } else if (value.isValueNode()) {
            map.put(entry.getKey(), value.asText());
          } else {
            throw new IllegalArgumentException("expected text for '" + entry.getKey() + "'");
          }
        }
        return map;
      };

  /**
   * Text mapped to a canonical spelling by {@code normalizer}; a value it does not know is
   * rejected.
   */
  public static LeafType canonical(Function<String, Optional<String>> normalizer, String what) {
    return raw -> {
      if (isAbsent(raw)) return NullNode.getInstance();
      if (!raw.isValueNode()) {
        throw new IllegalArgumentException("expected " + what + ", got " + describe(raw));
      }
      return NODES.textNode(
          normalizer
              .apply(raw.asText())
              .orElseThrow(
                  () -> new IllegalArgumentException("unknown " + what + " " + describe(raw))));
    };
  }

  /** True for a Java null, a missing node or a JSON null. */
  public static boolean isAbsent(JsonNode raw) {
    return raw == null || raw.isMissingNode() || raw.isNull();
  }

  /**
   * Parses an instant: ISO-8601 date-time with an offset ({@code Z}, {@code -05:00}) and optionally
   * a region ({@code +05:30[Asia/Kolkata]}), local date-time (UTC), or date (its start in UTC).
   * Seconds are optional, letters may be in either case.
   *
   * <p>NOTE: the instant must be representable in epoch milliseconds (roughly years -292,275,055 to
   * 292,278,994), the form the index holds; {@code -999999999-01-01T00:00:00Z} is rejected here
   * rather than overflowing later.
   *
   * @throws IllegalArgumentException when the text is none of these, or out of that range
   */
  public static Instant parseInstant(String text) {
    String value = text.strip();
    Instant instant;
    try {
      Instant utc = commonUtcForm(value);
      if (utc != null) {
        instant = utc;
      } else if (value.length() <= 10) {
        instant = LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
      } else {
        TemporalAccessor parsed =
            DateTimeFormatter.ISO_DATE_TIME.parseBest(
                value, ZonedDateTime::from, LocalDateTime::from);
        instant =
            parsed instanceof ZonedDateTime zoned
                ? zoned.toInstant()
                : ((LocalDateTime) parsed).toInstant(ZoneOffset.UTC);
      }
      instant.toEpochMilli(); // throws ArithmeticException when out of range
    } catch (DateTimeException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "expected an ISO-8601 date or date-time, got '" + text + "'");
    }
    return instant;
  }

  /**
   * The form nearly every feed date-time takes, {@code yyyy-MM-ddTHH:mm:ss[.fraction]Z}, read
   * without the general formatter (which cost 4.5% of the indexer's CPU); null for any other text,
   * which then takes the general path, so the answer is the same either way.
   */
  private static Instant commonUtcForm(String v) {
    int n = v.length();
    if (n < 20
        || n > 30
        || v.charAt(n - 1) != 'Z'
        || v.charAt(4) != '-'
        || v.charAt(7) != '-'
        || v.charAt(10) != 'T'
        || v.charAt(13) != ':'
        || v.charAt(16) != ':') {
      return null;
    }
    int nanos = 0;
    if (n > 20) {
      if (v.charAt(19) != '.' || n == 21) {
        return null;
      }
      int fraction = digits(v, 20, n - 1);
      if (fraction < 0) {
        return null;
      }
      nanos = fraction;
      for (int scale = n - 21; scale < 9; scale++) {
        nanos *= 10;
      }
    }
    int year = digits(v, 0, 4);
    int month = digits(v, 5, 7);
    int day = digits(v, 8, 10);
    int hour = digits(v, 11, 13);
    int minute = digits(v, 14, 16);
    int second = digits(v, 17, 19);
    if ((year | month | day | hour | minute | second) < 0) {
      return null;
    }
    try {
      return LocalDateTime.of(year, month, day, hour, minute, second, nanos)
          .toInstant(ZoneOffset.UTC);
    } catch (DateTimeException e) {
      return null; // e.g. February 30th: the general path rejects it with the usual message
    }
  }

  /** The decimal number in {@code v[from, to)}, or -1 if a character is not an ASCII digit. */
  private static int digits(String v, int from, int to) {
    int value = 0;
    for (int i = from; i < to; i++) {
      int d = v.charAt(i) - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      value = value * 10 + d;
    }
    return value;
  }

  /** Parses the boolean spellings of feeds: true/false, y/n, yes/no, 1/0 (any case). */
  public static Optional<Boolean> parseBoolean(String text) {
    return switch (text.strip().toLowerCase(Locale.ROOT)) {
      case "true", "y", "yes", "1" -> Optional.of(true);
      case "false", "n", "no", "0" -> Optional.of(false);
      default -> Optional.empty();
    };
  }

  private static JsonNode inRange(JsonNode raw, double min, double max) {
    if (isAbsent(raw)) return NullNode.getInstance();
    JsonNode value = decimal(raw);
    double v = value.asDouble();
    if (v < min || v > max) {
      throw new IllegalArgumentException(
          "out of range " + min + ".." + max + ", got " + describe(raw));
    }
    return value;
  }

  private static JsonNode decimal(JsonNode raw) {
    double d = exactDouble(raw);
    if (!Double.isFinite(d)) {
      throw new IllegalArgumentException("number out of range, got " + describe(raw));
    }
    if (d == Math.rint(d) && Math.abs(d) < MAX_EXACT) {
      return NODES.numberNode((long) d);
    }
    return NODES.numberNode(d);
  }

  /**
   * The double nearest the number {@code raw} holds. A JSON integer or double gives it without a
   * BigDecimal (a long converts to the nearest double, as BigDecimal does; a double's BigDecimal is
   * its shortest decimal form, which converts back to the same double); text and other numbers take
   * the BigDecimal path.
   */
  private static double exactDouble(JsonNode raw) {
    if (raw.isDouble()) {
      return raw.doubleValue();
    }
    if (raw.isIntegralNumber() && raw.canConvertToLong()) {
      return (double) raw.longValue();
    }
    return number(raw).doubleValue();
  }

  private static BigDecimal number(JsonNode raw) {
    if (raw.isNumber()) {
      return raw.decimalValue();
    }
    if (raw.isTextual()) {
      try {
        return new BigDecimal(raw.asText().strip());
      } catch (NumberFormatException e) {
        // fall through to the common message
      }
    }
    throw new IllegalArgumentException("expected a number, got " + describe(raw));
  }

  /** A short quoted rendering of a bad value for messages (at most 60 characters). */
  static String describe(JsonNode raw) {
    String text = raw.isTextual() ? "'" + raw.asText() + "'" : raw.toString();
    return text.length() > 60 ? text.substring(0, 57) + "..." : text;
  }
}
