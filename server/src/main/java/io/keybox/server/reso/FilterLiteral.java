package io.keybox.server.reso;

import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotSupportedException;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import org.apache.olingo.commons.api.edm.EdmType;
import org.apache.olingo.server.api.uri.queryoption.expression.Literal;

/** The value of a {@code $filter} literal, from Olingo's text of it. */
final class FilterLiteral {
  private FilterLiteral() {}

  /**
   * {@code literal} as a value: null, a String, BigDecimal, LocalDate, Instant or Boolean.
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
        default ->
            throw new NotSupportedException(
                "$filter: literals of type " + type.getName() + " are not supported");
      };
    } catch (DateTimeException | NumberFormatException e) {
      throw new InvalidRequestException("$filter: not a valid " + type.getName() + ": " + text);
    }
  }
}
