package io.keybox.server.reso;

import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoType;
import java.util.ArrayList;
import java.util.List;
import org.apache.olingo.commons.api.edm.EdmPrimitiveTypeKind;
import org.apache.olingo.commons.api.edm.FullQualifiedName;
import org.apache.olingo.commons.api.edm.provider.CsdlAbstractEdmProvider;
import org.apache.olingo.commons.api.edm.provider.CsdlAnnotation;
import org.apache.olingo.commons.api.edm.provider.CsdlEntityContainer;
import org.apache.olingo.commons.api.edm.provider.CsdlEntityContainerInfo;
import org.apache.olingo.commons.api.edm.provider.CsdlEntitySet;
import org.apache.olingo.commons.api.edm.provider.CsdlEntityType;
import org.apache.olingo.commons.api.edm.provider.CsdlNavigationProperty;
import org.apache.olingo.commons.api.edm.provider.CsdlNavigationPropertyBinding;
import org.apache.olingo.commons.api.edm.provider.CsdlProperty;
import org.apache.olingo.commons.api.edm.provider.CsdlPropertyRef;
import org.apache.olingo.commons.api.edm.provider.CsdlSchema;
import org.apache.olingo.commons.api.edm.provider.CsdlTerm;
import org.apache.olingo.commons.api.edm.provider.annotation.CsdlCollection;
import org.apache.olingo.commons.api.edm.provider.annotation.CsdlConstantExpression;
import org.apache.olingo.commons.api.edm.provider.annotation.CsdlConstantExpression.ConstantExpressionType;
import org.apache.olingo.commons.api.edm.provider.annotation.CsdlExpression;
import org.apache.olingo.commons.api.edm.provider.annotation.CsdlPropertyPath;
import org.apache.olingo.commons.api.edm.provider.annotation.CsdlPropertyValue;
import org.apache.olingo.commons.api.edm.provider.annotation.CsdlRecord;

/**
 * The CSDL of the RESO view, from {@link ResoEntity#ALL}: namespace {@code org.reso.metadata}
 * (RESO's), one entity type and one entity set per resource in the container {@code Default}.
 * Lookup fields carry the {@code RESO.OData.Metadata.LookupName} annotation, named after the field;
 * a listing's navigation properties ({@link ResoNavigation}) are bound to their entity sets, and
 * each entity set says which of its properties {@code $filter} and {@code $orderby} do not take
 * ({@code Org.OData.Capabilities.V1} FilterRestrictions and SortRestrictions). Olingo builds the
 * {@code Edm} the parser reads and {@code $metadata} is written from.
 */
final class ResoEdmProvider extends CsdlAbstractEdmProvider {
  static final String NAMESPACE = "org.reso.metadata";
  static final FullQualifiedName CONTAINER = new FullQualifiedName(NAMESPACE, "Default");
  private static final String LOOKUP_NAME = "RESO.OData.Metadata.LookupName";
  private static final String CAPABILITIES = "Org.OData.Capabilities.V1";

  /**
   * The terms the metadata's annotations use, so Olingo writes them (an annotation whose term the
   * provider does not know is written without its {@code Term}).
   */
  @Override
  public CsdlTerm getTerm(FullQualifiedName name) {
    return switch (name.getFullQualifiedNameAsString()) {
      case LOOKUP_NAME -> new CsdlTerm().setName(name.getName()).setType("Edm.String");
      case CAPABILITIES + ".FilterRestrictions", CAPABILITIES + ".SortRestrictions" ->
          new CsdlTerm()
              .setName(name.getName())
              .setType(CAPABILITIES + "." + name.getName() + "Type");
      default -> null;
    };
  }

  @Override
  public CsdlEntityType getEntityType(FullQualifiedName name) {
    if (!NAMESPACE.equals(name.getNamespace())) {
      return null;
    }
    return ResoEntity.named(name.getName()).map(ResoEdmProvider::entityType).orElse(null);
  }

  @Override
  public CsdlEntitySet getEntitySet(FullQualifiedName container, String name) {
    if (!CONTAINER.equals(container)) {
      return null;
    }
    return ResoEntity.named(name).map(ResoEdmProvider::entitySet).orElse(null);
  }

  @Override
  public CsdlEntityContainer getEntityContainer() {
    return new CsdlEntityContainer()
        .setName(CONTAINER.getName())
        .setEntitySets(ResoEntity.ALL.stream().map(ResoEdmProvider::entitySet).toList());
  }

  @Override
  public CsdlEntityContainerInfo getEntityContainerInfo(FullQualifiedName name) {
    return name == null || name.equals(CONTAINER)
        ? new CsdlEntityContainerInfo().setContainerName(CONTAINER)
        : null;
  }

  @Override
  public List<CsdlSchema> getSchemas() {
    return List.of(
        new CsdlSchema()
            .setNamespace(NAMESPACE)
            .setEntityTypes(ResoEntity.ALL.stream().map(ResoEdmProvider::entityType).toList())
            .setEntityContainer(getEntityContainer()));
  }

  private static CsdlEntitySet entitySet(ResoEntity entity) {
    return new CsdlEntitySet()
        .setName(entity.name())
        .setType(new FullQualifiedName(NAMESPACE, entity.name()))
        .setAnnotations(
            List.of(
                restrictions(
                    "FilterRestrictions",
                    "Filterable",
                    "NonFilterableProperties",
                    entity.nonFilterable()),
                restrictions(
                    "SortRestrictions", "Sortable", "NonSortableProperties", entity.nonSortable())))
        .setNavigationPropertyBindings(
            entity.navigations().stream()
                .map(
                    n ->
                        new CsdlNavigationPropertyBinding()
                            .setPath(n.propertyName())
                            .setTarget(n.target().name()))
                .toList());
  }

  /**
   * A Capabilities vocabulary annotation: the entity set takes the option ({@code flag} true), but
   * not on {@code properties}.
   */
  private static CsdlAnnotation restrictions(
      String term, String flag, String listName, List<String> properties) {
    List<CsdlExpression> paths = new ArrayList<>();
    properties.forEach(p -> paths.add(new CsdlPropertyPath().setValue(p)));
    return new CsdlAnnotation()
        .setTerm(CAPABILITIES + "." + term)
        .setExpression(
            new CsdlRecord()
                .setPropertyValues(
                    List.of(
                        new CsdlPropertyValue()
                            .setProperty(flag)
                            .setValue(
                                new CsdlConstantExpression(ConstantExpressionType.Bool, "true")),
                        new CsdlPropertyValue()
                            .setProperty(listName)
                            .setValue(new CsdlCollection().setItems(paths)))));
  }

  private static CsdlEntityType entityType(ResoEntity entity) {
    List<CsdlProperty> properties = new ArrayList<>();
    properties.add(
        new CsdlProperty()
            .setName(entity.keyName())
            .setType(EdmPrimitiveTypeKind.String.getFullQualifiedName())
            .setNullable(false));
    for (ResoField field : entity.fields().values()) {
      properties.add(property(field));
    }
    return new CsdlEntityType()
        .setName(entity.name())
        .setKey(List.of(new CsdlPropertyRef().setName(entity.keyName())))
        .setProperties(properties)
        .setNavigationProperties(
            entity.navigations().stream().map(ResoEdmProvider::navigationProperty).toList());
  }

  private static CsdlNavigationProperty navigationProperty(ResoNavigation navigation) {
    return new CsdlNavigationProperty()
        .setName(navigation.propertyName())
        .setType(new FullQualifiedName(NAMESPACE, navigation.target().name()))
        .setCollection(navigation.collection());
  }

  private static CsdlProperty property(ResoField field) {
    CsdlProperty property =
        new CsdlProperty()
            .setName(field.reso())
            .setType(edmType(field.type()).getFullQualifiedName())
            .setCollection(field.type() == ResoType.LOOKUP_MULTI);
    if (field.type() == ResoType.DECIMAL) {
      // Wide enough for prices and coordinates alike (Scale absent would mean 0).
      property.setPrecision(18).setScale(8);
    }
    if (field.type() == ResoType.TIMESTAMP) {
      property.setPrecision(27);
    }
    if (field.type() == ResoType.LOOKUP || field.type() == ResoType.LOOKUP_MULTI) {
      property.setAnnotations(
          List.of(
              new CsdlAnnotation()
                  .setTerm(LOOKUP_NAME)
                  .setExpression(
                      new CsdlConstantExpression(ConstantExpressionType.String, field.reso()))));
    }
    return property;
  }

  /** The Edm type of a Data Dictionary type (a list's item type). */
  static EdmPrimitiveTypeKind edmType(ResoType type) {
    return switch (type) {
      case STRING, LOOKUP, LOOKUP_MULTI -> EdmPrimitiveTypeKind.String;
      case INTEGER -> EdmPrimitiveTypeKind.Int64;
      case DECIMAL -> EdmPrimitiveTypeKind.Decimal;
      case DAY -> EdmPrimitiveTypeKind.Date;
      case TIMESTAMP -> EdmPrimitiveTypeKind.DateTimeOffset;
      case BOOLEAN -> EdmPrimitiveTypeKind.Boolean;
      case POINT -> EdmPrimitiveTypeKind.GeographyPoint;
      case EXPANSION -> throw new IllegalArgumentException("not a property type: " + type);
    };
  }
}
