package io.keybox.server.reso;

import io.keybox.server.error.NotSupportedException;
import io.keybox.server.reso.FilterVisitor.Value;
import java.util.List;
import org.apache.olingo.commons.api.edm.EdmEnumType;
import org.apache.olingo.commons.api.edm.EdmType;
import org.apache.olingo.server.api.uri.queryoption.expression.ExpressionVisitor;
import org.apache.olingo.server.api.uri.queryoption.expression.Literal;

/**
 * What the {@code $filter} visitors share: literals become {@link Value}s, and the expressions the
 * view does not implement (aliases, type literals, lambda references, enumerations) are a 501
 * naming them.
 */
abstract class FilterExpressions implements ExpressionVisitor<Object> {
  @Override
  public final Object visitLiteral(Literal literal) {
    return new Value(FilterLiteral.valueOf(literal));
  }

  @Override
  public final Object visitAlias(String alias) {
    throw new NotSupportedException("$filter: parameter aliases are not supported");
  }

  @Override
  public final Object visitTypeLiteral(EdmType type) {
    throw new NotSupportedException("$filter: type literals are not supported");
  }

  @Override
  public final Object visitLambdaReference(String variable) {
    throw new NotSupportedException("$filter: lambda references are not supported");
  }

  @Override
  public final Object visitEnum(EdmEnumType type, List<String> values) {
    throw new NotSupportedException("$filter: enumerations are not supported");
  }
}
