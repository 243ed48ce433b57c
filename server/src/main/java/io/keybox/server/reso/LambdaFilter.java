package io.keybox.server.reso;

import io.keybox.schema.field.TermSet;
import io.keybox.schema.reso.ResoField;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotSupportedException;
import io.keybox.server.reso.FilterVisitor.Value;
import java.util.ArrayList;
import java.util.List;
import org.apache.olingo.server.api.ODataApplicationException;
import org.apache.olingo.server.api.uri.UriResource;
import org.apache.olingo.server.api.uri.UriResourceLambdaVariable;
import org.apache.olingo.server.api.uri.queryoption.expression.BinaryOperatorKind;
import org.apache.olingo.server.api.uri.queryoption.expression.Expression;
import org.apache.olingo.server.api.uri.queryoption.expression.ExpressionVisitException;
import org.apache.olingo.server.api.uri.queryoption.expression.Member;
import org.apache.olingo.server.api.uri.queryoption.expression.MethodKind;
import org.apache.olingo.server.api.uri.queryoption.expression.UnaryOperatorKind;

/**
 * The body of an {@code any} or {@code all} lambda over a multi-valued lookup, as the {@link
 * TermSet} of values it accepts: {@code eq}, {@code ne}, {@code in}, {@code startswith} and {@code
 * contains} on the lambda variable, combined with {@code and}, {@code or} and {@code not}. The
 * condition is on ONE value, so {@code f/any(x: x eq 'A' and x eq 'B')} matches nothing and {@code
 * f/all(x: not (x eq 'A'))} matches lists without A. A condition on another property inside the
 * lambda is a 501 (write it outside the lambda).
 */
final class LambdaFilter extends FilterExpressions {
  /** The lambda variable, as an operand. */
  private record Variable() {}

  private final String variable;
  private final ResoField field;
  private final boolean inAllowed;

  private LambdaFilter(String variable, ResoField field, boolean inAllowed) {
    this.variable = variable;
    this.field = field;
    this.inAllowed = inAllowed;
  }

  /**
   * The values {@code body} accepts for one value of {@code field}, the lambda's collection.
   *
   * @param inAllowed whether the request speaks OData 4.01, which has {@code in}
   */
  static TermSet values(String variable, ResoField field, Expression body, boolean inAllowed)
      throws ExpressionVisitException, ODataApplicationException {
    Object set = body.accept(new LambdaFilter(variable, field, inAllowed));
    if (set instanceof TermSet terms) {
      return terms;
    }
    throw new InvalidRequestException(
        "$filter: the lambda over " + field.reso() + " takes a condition, not a value");
  }

  @Override
  public Object visitBinaryOperator(BinaryOperatorKind operator, Object left, Object right) {
    return switch (operator) {
      case AND -> set(left).and(set(right));
      case OR -> set(left).or(set(right));
      case EQ -> whole(left, right);
      case NE -> whole(left, right).not();
      default ->
          throw new InvalidRequestException(
              "$filter: the values of "
                  + field.reso()
                  + " take eq, ne and in (got: "
                  + FilterVisitor.name(operator)
                  + ")");
    };
  }

  @Override
  public Object visitBinaryOperator(BinaryOperatorKind operator, Object left, List<Object> right) {
    if (operator != BinaryOperatorKind.IN) {
      throw new NotSupportedException(
          "$filter: the operator " + FilterVisitor.name(operator) + " is not supported");
    }
    FilterVisitor.checkIn(inAllowed);
    List<String> values = new ArrayList<>();
    for (Object value : right) {
      values.add(text(value));
    }
    if (!(left instanceof Variable)) {
      throw onVariableOnly();
    }
    return TermSet.of(values);
  }

  @Override
  public Object visitUnaryOperator(UnaryOperatorKind operator, Object operand) {
    if (operator != UnaryOperatorKind.NOT) {
      throw new NotSupportedException(
          "$filter: the operator " + FilterVisitor.name(operator) + " is not supported");
    }
    return set(operand).not();
  }

  @Override
  public Object visitMethodCall(MethodKind method, List<Object> parameters) {
    if ((method == MethodKind.STARTSWITH || method == MethodKind.CONTAINS)
        && parameters.size() == 2
        && parameters.get(0) instanceof Variable) {
      String text = text(parameters.get(1));
      return method == MethodKind.STARTSWITH
          ? TermSet.startingWith(text)
          : TermSet.containing(text);
    }
    throw new NotSupportedException(
        "$filter: the function " + method + " is not supported on these arguments");
  }

  @Override
  public Object visitMember(Member member) {
    List<UriResource> parts = member.getResourcePath().getUriResourceParts();
    if (parts.size() == 1
        && parts.get(0) instanceof UriResourceLambdaVariable lambda
        && lambda.getVariableName().equals(variable)) {
      return new Variable();
    }
    throw onVariableOnly();
  }

  @Override
  public Object visitLambdaExpression(String function, String name, Expression expression) {
    throw onVariableOnly();
  }

  /** {@code variable eq 'text'} (either way round): the one value (or the values it maps to). */
  private TermSet whole(Object left, Object right) {
    if (right instanceof Variable && !(left instanceof Variable)) {
      return whole(right, left);
    }
    if (!(left instanceof Variable)) {
      throw onVariableOnly();
    }
    return TermSet.of(FilterVisitor.terms(field, text(right)));
  }

  private String text(Object operand) {
    if (operand instanceof Value(String text)) {
      return text;
    }
    Object shown = operand instanceof Value(Object value) ? value : operand;
    throw new InvalidRequestException(
        "$filter: the values of " + field.reso() + " are compared with text (got: " + shown + ")");
  }

  private TermSet set(Object operand) {
    if (operand instanceof TermSet set) {
      return set;
    }
    throw new InvalidRequestException("$filter: and, or and not take conditions, not a value");
  }

  private NotSupportedException onVariableOnly() {
    return new NotSupportedException(
        "$filter: inside a lambda over "
            + field.reso()
            + ", conditions on its variable "
            + variable
            + " only are supported; put other conditions outside the lambda");
  }
}
