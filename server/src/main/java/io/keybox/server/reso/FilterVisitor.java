package io.keybox.server.reso;

import io.keybox.schema.field.DoubleValueField;
import io.keybox.schema.field.FlagField;
import io.keybox.schema.field.GeoPointField;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.field.SearchField;
import io.keybox.schema.field.TermSet;
import io.keybox.schema.filter.InvalidValueException;
import io.keybox.schema.filter.WktPolygon;
import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoType;
import io.keybox.schema.reso.ResoVocabulary;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotSupportedException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.automaton.TooComplexToDeterminizeException;
import org.apache.olingo.server.api.ODataApplicationException;
import org.apache.olingo.server.api.uri.UriResource;
import org.apache.olingo.server.api.uri.UriResourceLambdaAll;
import org.apache.olingo.server.api.uri.UriResourceLambdaAny;
import org.apache.olingo.server.api.uri.UriResourceProperty;
import org.apache.olingo.server.api.uri.queryoption.expression.BinaryOperatorKind;
import org.apache.olingo.server.api.uri.queryoption.expression.Expression;
import org.apache.olingo.server.api.uri.queryoption.expression.ExpressionVisitException;
import org.apache.olingo.server.api.uri.queryoption.expression.Member;
import org.apache.olingo.server.api.uri.queryoption.expression.MethodKind;
import org.apache.olingo.server.api.uri.queryoption.expression.UnaryOperatorKind;

/**
 * Turns a parsed {@code $filter} into a Lucene query through the schema's fields: each comparison
 * becomes the range, term or flag query of the field the RESO name is indexed as ({@link
 * ResoField#index()}). A field without one is a 400 that says it is not filterable; an operator or
 * function the schema's fields cannot answer is a 501 naming it.
 *
 * <p>The visitor's values are {@link Query}s for boolean expressions and operands otherwise: a
 * {@link Field} for a property and a {@link Value} for a literal. An {@code any} or {@code all}
 * lambda over a list field is the {@link LambdaFilter}'s set of values, asked of the field.
 */
final class FilterVisitor extends FilterExpressions {
  private static final long DAY_MILLIS = 86_400_000L;

  /** A property in a comparison: its RESO name and its row (empty for the key). */
  record Field(String name, Optional<ResoField> row) {}

  /** A literal (or {@code now()}): null, a String, BigDecimal, LocalDate, Instant or Boolean. */
  record Value(Object value) {}

  private final ResoEntity entity;
  private final boolean inAllowed;

  private FilterVisitor(ResoEntity entity, boolean inAllowed) {
    this.entity = entity;
    this.inAllowed = inAllowed;
  }

  /**
   * The query {@code filter} stands for.
   *
   * @param inAllowed whether the request speaks OData 4.01 ({@link ODataVersions}), the version
   *     that has {@code in}: under 4.0 an {@code in} is a 400
   */
  static Query query(ResoEntity entity, Expression filter, boolean inAllowed) {
    try {
      return asQuery(filter.accept(new FilterVisitor(entity, inAllowed)), "$filter");
    } catch (ExpressionVisitException | ODataApplicationException e) {
      throw new InvalidRequestException("$filter: " + e.getMessage());
    } catch (TooComplexToDeterminizeException e) {
      throw new InvalidRequestException("$filter: the lambda's condition is too complex");
    }
  }

  /** Refuses {@code in} unless the request speaks OData 4.01. */
  static void checkIn(boolean inAllowed) {
    if (!inAllowed) {
      throw new InvalidRequestException(
          "$filter: the operator in is OData 4.01; send the header OData-Version: 4.01 (or"
              + " OData-MaxVersion: 4.01) to use it (this request is OData 4.0)");
    }
  }

  @Override
  public Object visitBinaryOperator(BinaryOperatorKind operator, Object left, Object right) {
    return switch (operator) {
      case AND ->
          new BooleanQuery.Builder()
              .add(asQuery(left, "and"), Occur.FILTER)
              .add(asQuery(right, "and"), Occur.FILTER)
              .build();
      case OR ->
          new BooleanQuery.Builder()
              .add(asQuery(left, "or"), Occur.SHOULD)
              .add(asQuery(right, "or"), Occur.SHOULD)
              .build();
      case EQ, NE, GT, GE, LT, LE -> compare(operator, left, right);
      default ->
          throw new NotSupportedException(
              "$filter: the operator " + name(operator) + " is not supported");
    };
  }

  @Override
  public Object visitBinaryOperator(BinaryOperatorKind operator, Object left, List<Object> right) {
    if (operator != BinaryOperatorKind.IN) {
      throw new NotSupportedException(
          "$filter: the operator " + name(operator) + " is not supported");
    }
    checkIn(inAllowed);
    BooleanQuery.Builder any = new BooleanQuery.Builder();
    for (Object value : right) {
      any.add(compare(BinaryOperatorKind.EQ, left, value), Occur.SHOULD);
    }
    return right.isEmpty() ? new MatchNoDocsQuery() : any.build();
  }

  @Override
  public Object visitUnaryOperator(UnaryOperatorKind operator, Object operand) {
    if (operator != UnaryOperatorKind.NOT) {
      throw new NotSupportedException(
          "$filter: the operator " + name(operator) + " is not supported");
    }
    return not(asQuery(operand, "not"));
  }

  @Override
  public Object visitMethodCall(MethodKind method, List<Object> parameters) {
    if (method == MethodKind.NOW) {
      return new Value(Instant.now());
    }
    if ((method == MethodKind.STARTSWITH || method == MethodKind.CONTAINS)
        && parameters.size() == 2
        && parameters.get(0) instanceof Field field
        && parameters.get(1) instanceof Value(String text)) {
      KeywordField keyword = keyword(field, method.toString());
      return method == MethodKind.STARTSWITH ? keyword.startsWith(text) : keyword.contains(text);
    }
    if (method == MethodKind.GEOINTERSECTS && parameters.size() == 2) {
      return intersects(parameters.get(0), parameters.get(1));
    }
    throw new NotSupportedException(
        "$filter: the function " + method + " is not supported on these arguments");
  }

  /**
   * {@code geo.intersects} of a point property and a polygon literal (Olingo's parser has checked
   * the order and the types).
   */
  private static Query intersects(Object first, Object second) {
    if (!(first instanceof Field field)
        || !(second instanceof Value(FilterLiteral.Geography(String wkt)))) {
      throw new NotSupportedException(
          "$filter: geo.intersects takes a point property and a geography'POLYGON(...)' literal");
    }
    if (!(field.row().flatMap(ResoField::index).orElse(null) instanceof GeoPointField point)) {
      throw new InvalidRequestException(
          "$filter: geo.intersects takes a point property such as Coordinates (got: "
              + field.name()
              + ")");
    }
    try {
      return point.within(WktPolygon.parse(wkt).toLucene());
    } catch (InvalidValueException e) {
      throw new InvalidRequestException("$filter: geo.intersects: " + e.getMessage());
    }
  }

  @Override
  public Object visitLambdaExpression(String function, String variable, Expression expression) {
    throw new NotSupportedException("$filter: " + function + " is not supported here");
  }

  @Override
  public Object visitMember(Member member)
      throws ExpressionVisitException, ODataApplicationException {
    List<UriResource> parts = member.getResourcePath().getUriResourceParts();
    UriResource first = parts.get(0);
    if (!(first instanceof UriResourceProperty property)) {
      throw new NotSupportedException("$filter: " + first + " is not supported");
    }
    String name = property.getProperty().getName();
    Field field = new Field(name, entity.field(name));
    if (parts.size() == 1) {
      return field;
    }
    if (parts.size() == 2 && parts.get(1) instanceof UriResourceLambdaAny any) {
      return lambdaField(field, "any")
          .anyValueIn(lambdaValues(field, any.getLambdaVariable(), any.getExpression()));
    }
    if (parts.size() == 2 && parts.get(1) instanceof UriResourceLambdaAll all) {
      return lambdaField(field, "all")
          .everyValueIn(lambdaValues(field, all.getLambdaVariable(), all.getExpression()));
    }
    throw new NotSupportedException("$filter: " + parts.get(1) + " is not supported");
  }

  private TermSet lambdaValues(Field field, String variable, Expression body)
      throws ExpressionVisitException, ODataApplicationException {
    return LambdaFilter.values(variable, field.row().orElseThrow(), body, inAllowed);
  }

  /** The keyword field of a list a lambda ranges over. */
  private static KeywordField lambdaField(Field field, String function) {
    if (field.row().isPresent()
        && field.row().get().index().orElse(null) instanceof KeywordField keyword) {
      return keyword;
    }
    throw new InvalidRequestException(
        "$filter: "
            + field.name()
            + " is not filterable (see $metadata), so "
            + function
            + " cannot range over it");
  }

  // ------------------------------------------------------------------------------ comparisons

  private Query compare(BinaryOperatorKind operator, Object left, Object right) {
    if (left instanceof Value && right instanceof Field) {
      return compare(flip(operator), right, left);
    }
    if (!(left instanceof Field field) || !(right instanceof Value(Object value))) {
      throw new NotSupportedException(
          "$filter: " + name(operator) + " compares a property with a literal only");
    }
    if (value == null) {
      throw new NotSupportedException(
          "$filter: comparing " + field.name() + " with null is not supported");
    }
    if (operator == BinaryOperatorKind.NE) {
      return not(compare(BinaryOperatorKind.EQ, left, right));
    }
    if (field.row().isEmpty()) {
      return key(operator, value);
    }
    ResoField row = field.row().get();
    SearchField index =
        row.index()
            .orElseThrow(
                () ->
                    new InvalidRequestException(
                        "$filter: " + field.name() + " is not filterable (see $metadata)"));
    return switch (index) {
      case LongValueField longs when row.type() == ResoType.STRING ->
          foreignKey(operator, row, longs, value);
      case LongValueField longs -> longRange(operator, row, longs, value);
      case DoubleValueField doubles -> doubleRange(operator, doubles, number(row, value));
      case KeywordField keyword -> {
        if (operator != BinaryOperatorKind.EQ) {
          throw new InvalidRequestException(
              "$filter: " + field.name() + " takes eq, ne and in (got: " + name(operator) + ")");
        }
        yield keyword.anyOf(terms(row, value.toString()));
      }
      case FlagField flag -> {
        if (operator != BinaryOperatorKind.EQ || !(value instanceof Boolean b)) {
          throw new InvalidRequestException(
              "$filter: " + field.name() + " takes eq true or eq false");
        }
        yield flag.is(b);
      }
      default ->
          throw new NotSupportedException("$filter on " + field.name() + " is not supported");
    };
  }

  /** The index terms a RESO value stands for: the two vocabularies map, the rest is as written. */
  static List<String> terms(ResoField row, String value) {
    return switch (row.reso()) {
      case "StandardStatus" ->
          ResoVocabulary.statusOf(value).map(s -> List.of(s.name())).orElse(List.of());
      case "PropertyType" -> ResoVocabulary.propertyTypeCodes(value);
      default -> List.of(value);
    };
  }

  private Query key(BinaryOperatorKind operator, Object value) {
    if (entity.records().manyPerDocument()) {
      // The index finds the document (a listing), not the record (one of its photos).
      throw new InvalidRequestException(
          "$filter: "
              + entity.keyName()
              + " is not filterable (see $metadata); read "
              + entity.name()
              + "('key'), or filter on the listing's key");
    }
    if (operator != BinaryOperatorKind.EQ) {
      throw new InvalidRequestException(
          "$filter: " + entity.keyName() + " takes eq, ne and in (got: " + name(operator) + ")");
    }
    return entity.records().byKey(value.toString());
  }

  /** A text key of another resource, held as its whole number (OpenHouse's ListingKey). */
  private static Query foreignKey(
      BinaryOperatorKind operator, ResoField row, LongValueField field, Object value) {
    if (operator != BinaryOperatorKind.EQ) {
      throw new InvalidRequestException(
          "$filter: " + row.reso() + " takes eq, ne and in (got: " + name(operator) + ")");
    }
    try {
      return field.exact(Long.parseLong(value.toString()));
    } catch (NumberFormatException e) {
      return new MatchNoDocsQuery(); // no record has such a key
    }
  }

  private static Query longRange(
      BinaryOperatorKind operator, ResoField row, LongValueField field, Object value) {
    long low; // the first value the literal stands for
    long high; // the last
    if (row.type() == ResoType.DAY || row.type() == ResoType.TIMESTAMP) {
      long[] span = millis(row, value);
      low = span[0];
      high = span[1];
    } else {
      BigDecimal number = number(row, value);
      low = number.setScale(0, java.math.RoundingMode.CEILING).longValueExact();
      high = number.setScale(0, java.math.RoundingMode.FLOOR).longValueExact();
    }
    return switch (operator) {
      case EQ -> low > high ? new MatchNoDocsQuery() : field.range(low, high);
      case GT -> field.range(high + 1, null);
      case GE -> field.range(low, null);
      case LT -> field.range(null, low - 1);
      case LE -> field.range(null, high);
      default -> throw new IllegalStateException(operator.toString());
    };
  }

  /** The first and last epoch millisecond a date (its UTC day) or a timestamp stands for. */
  private static long[] millis(ResoField row, Object value) {
    if (value instanceof LocalDate day) {
      long start = day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
      return new long[] {start, start + DAY_MILLIS - 1};
    }
    if (value instanceof Instant instant) {
      return new long[] {instant.toEpochMilli(), instant.toEpochMilli()};
    }
    throw new InvalidRequestException(
        "$filter: " + row.reso() + " is compared with a date or timestamp (got: " + value + ")");
  }

  private static Query doubleRange(
      BinaryOperatorKind operator, DoubleValueField field, BigDecimal v) {
    double value = v.doubleValue();
    return switch (operator) {
      case EQ -> field.range(value, value);
      case GT -> field.range(Math.nextUp(value), null);
      case GE -> field.range(value, null);
      case LT -> field.range(null, Math.nextDown(value));
      case LE -> field.range(null, value);
      default -> throw new IllegalStateException(operator.toString());
    };
  }

  private static BigDecimal number(ResoField row, Object value) {
    if (value instanceof BigDecimal number) {
      return number;
    }
    throw new InvalidRequestException(
        "$filter: " + row.reso() + " is compared with a number (got: " + value + ")");
  }

  private KeywordField keyword(Field field, String function) {
    if (field.row().isPresent()
        && field.row().get().index().orElse(null) instanceof KeywordField k) {
      return k;
    }
    throw new InvalidRequestException(
        "$filter: " + function + " takes a filterable text field (got: " + field.name() + ")");
  }

  private static Query not(Query query) {
    return new BooleanQuery.Builder()
        .add(new MatchAllDocsQuery(), Occur.FILTER)
        .add(query, Occur.MUST_NOT)
        .build();
  }

  private static BinaryOperatorKind flip(BinaryOperatorKind operator) {
    return switch (operator) {
      case GT -> BinaryOperatorKind.LT;
      case GE -> BinaryOperatorKind.LE;
      case LT -> BinaryOperatorKind.GT;
      case LE -> BinaryOperatorKind.GE;
      default -> operator;
    };
  }

  private static Query asQuery(Object operand, String where) {
    if (operand instanceof Query query) {
      return query;
    }
    throw new InvalidRequestException("$filter: " + where + " takes conditions, not a value");
  }

  static String name(Object operator) {
    return operator.toString().toLowerCase(java.util.Locale.ROOT);
  }
}
