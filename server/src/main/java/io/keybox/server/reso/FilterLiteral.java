package io.keybox.server.reso;

import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotSupportedException;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.olingo.commons.api.edm.EdmType;
import org.apache.olingo.server.api.uri.queryoption.expression.Literal;

/** The value of a {@code $filter} literal, from Olingo's text of it. */
final class FilterLiteral {
  /** {@code geography'SRID=4326;POLYGON((...))'}: the SRID, if given, and the shape's text. */
  private static final Pattern GEOGRAPHY = Pattern.compile("(?is)geography'(?:SRID=(\\d+);)?(.*)'");

  /** The spatial reference of WGS 84 longitudes and latitudes, OData's default for geography. */
  private static final String WGS_84 = "4326";

  /**
   * A geography literal's shape, as well-known text.
   *
   * @param wkt e.g. {@code POLYGON((-95.4 29.7,-95.3 29.7,-95.3 29.8,-95.4 29.7))}
   */
  record Geography(String wkt) {}

  private FilterLiteral() {}

  /**
   * {@code literal} as a value: null, a String, BigDecimal, LocalDate, Instant, Boolean or {@link
   * Geography}.
   *
   * @throws InvalidRequestException for a literal that is not a valid value of its type
   * @throws NotSupportedException for a literal of another type
   */
  static Object valueOf(Literal literal) {
    String text = literal.getText();
    EdmType type = literal.getType();
    if (type == null || "null".equals(text)) {
      return null;
    }
    try {
      return switch (type.getName()) {
        case "String" -> text.substring(1, text.length() - 1).replace("''", "'");
        case "Date" -> LocalDate.parse(text);
        case "DateTimeOffset" -> OffsetDateTime.parse(text).toInstant();
        case "Boolean" -> Boolean.parseBoolean(text);
        case "Byte", "SByte", "Int16", "Int32", "Int64", "Decimal", "Double", "Single" ->
            new BigDecimal(text);
        case "GeographyPolygon" -> geography(text);
        default ->
            throw new NotSupportedException(
                "$filter: literals of type " + type.getName() + " are not supported");
      };
    } catch (DateTimeException | NumberFormatException e) {
      throw new InvalidRequestException("$filter: not a valid " + type.getName() + ": " + text);
    }
  }

  private static Geography geography(String text) {
    Matcher geography = GEOGRAPHY.matcher(text.strip());
    if (!geography.matches()) {
      throw new InvalidRequestException(
          "$filter: a geography literal is geography'POLYGON((lng lat, ...))' (got: " + text + ")");
    }
    if (geography.group(1) != null && !geography.group(1).equals(WGS_84)) {
      throw new InvalidRequestException(
          "$filter: geography literals are in SRID 4326 (WGS 84) (got: SRID="
              + geography.group(1)
              + ")");
    }
    return new Geography(geography.group(2));
  }
}
