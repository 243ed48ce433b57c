package io.keybox.server.reso;

import io.keybox.schema.field.DoubleValueField;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.field.SearchField;
import io.keybox.schema.reso.ResoField;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotSupportedException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.olingo.server.api.uri.UriInfo;
import org.apache.olingo.server.api.uri.UriResource;
import org.apache.olingo.server.api.uri.UriResourceNavigation;
import org.apache.olingo.server.api.uri.UriResourceProperty;
import org.apache.olingo.server.api.uri.queryoption.ExpandItem;
import org.apache.olingo.server.api.uri.queryoption.ExpandOption;
import org.apache.olingo.server.api.uri.queryoption.OrderByItem;
import org.apache.olingo.server.api.uri.queryoption.SelectItem;
import org.apache.olingo.server.api.uri.queryoption.SelectOption;
import org.apache.olingo.server.api.uri.queryoption.expression.Member;

/**
 * The query options of one read, checked: the filter as a Lucene query, the order (ending with the
 * key, so pages never repeat or skip a record), the selected fields, {@code $top}, {@code $skip},
 * {@code $count}, the {@code $skiptoken}, the page size and the {@code $expand}ed navigation
 * properties. Options the view does not implement ({@code $search}, {@code $apply}) are a 501
 * naming them.
 */
record ResoOptions(
    Query filter,
    PageOrder order,
    List<ResoField> select,
    boolean selected,
    OptionalInt top,
    int skip,
    boolean count,
    Optional<String> skipToken,
    int pageSize,
    List<Expansion> expand) {

  /**
   * One {@code $expand} item: the navigation property and the fields of its target to write.
   *
   * @param navigation the navigation property expanded
   * @param select the target's fields written (its {@code $select}, else all)
   */
  record Expansion(ResoNavigation navigation, List<ResoField> select) {}

  static ResoOptions of(UriInfo uri, ResoEntity entity, ResoRequest request, int maxSkip) {
    if (uri.getSearchOption() != null) {
      throw new NotSupportedException("$search is not supported");
    }
    if (uri.getApplyOption() != null) {
      throw new NotSupportedException("$apply is not supported");
    }
    if (uri.getFormatOption() != null
        && !uri.getFormatOption()
            .getFormat()
            .toLowerCase(java.util.Locale.ROOT)
            .startsWith("application/json")
        && !uri.getFormatOption().getFormat().equalsIgnoreCase("json")) {
      throw new InvalidRequestException(
          "$format: only json is served (got: " + uri.getFormatOption().getFormat() + ")");
    }
    Query filter =
        uri.getFilterOption() == null
            ? new MatchAllDocsQuery()
            : FilterVisitor.query(
                entity, uri.getFilterOption().getExpression(), request.versions().hasIn());
    int skip = uri.getSkipOption() == null ? 0 : uri.getSkipOption().getValue();
    ResoReader.checkSkip(skip, maxSkip);
    OptionalInt top =
        uri.getTopOption() == null
            ? OptionalInt.empty()
            : OptionalInt.of(uri.getTopOption().getValue());
    int pageSize =
        Math.min(
            request.maxPageSize().orElse(ResoService.DEFAULT_PAGE_SIZE), ResoService.MAX_PAGE_SIZE);
    if (pageSize < 1) {
      throw new InvalidRequestException(
          "Prefer: odata.maxpagesize must be at least 1 (got: " + pageSize + ")");
    }
    return new ResoOptions(
        filter,
        order(uri, entity),
        select(uri.getSelectOption(), entity),
        uri.getSelectOption() != null,
        top,
        skip,
        uri.getCountOption() != null && uri.getCountOption().getValue(),
        Optional.ofNullable(uri.getSkipTokenOption()).map(t -> t.getValue()),
        pageSize,
        expand(uri.getExpandOption(), entity, request));
  }

  /** The fields {@code option} selects of {@code entity}: all of them without one. */
  private static List<ResoField> select(SelectOption option, ResoEntity entity) {
    if (option == null) {
      return List.copyOf(entity.fields().values());
    }
    Set<String> names = new LinkedHashSet<>();
    for (SelectItem item : option.getSelectItems()) {
      if (item.isStar()) {
        names.addAll(entity.fields().keySet());
      } else {
        names.add(propertyName(item.getResourcePath().getUriResourceParts(), "$select"));
      }
    }
    return names.stream().map(entity.fields()::get).filter(f -> f != null).toList();
  }

  /**
   * The navigation properties {@code option} expands, each with its own {@code $select} ({@code *}:
   * those the caller may read); other options inside an expansion ({@code $filter}, {@code $top},
   * nested {@code $expand}, ...) are a 501.
   */
  private static List<Expansion> expand(
      ExpandOption option, ResoEntity entity, ResoRequest request) {
    if (option == null) {
      return List.of();
    }
    List<Expansion> expansions = new ArrayList<>();
    for (ExpandItem item : option.getExpandItems()) {
      if (item.isRef() || item.hasCountPath() || item.getLevelsOption() != null) {
        throw new NotSupportedException("$expand: only navigation properties are supported");
      }
      if (item.getFilterOption() != null
          || item.getOrderByOption() != null
          || item.getTopOption() != null
          || item.getSkipOption() != null
          || item.getCountOption() != null
          || item.getSearchOption() != null
          || item.getApplyOption() != null
          || item.getExpandOption() != null) {
        throw new NotSupportedException("$expand: only $select is supported inside an expansion");
      }
      if (item.isStar()) {
        for (ResoNavigation navigation : entity.navigations()) {
          if (navigation.target() != ResoEntity.MEMBER || request.members()) {
            // '*' is what the caller may read; ListAgent by name is a 403 without the grant
            expansions.add(new Expansion(navigation, select(null, navigation.target())));
          }
        }
        continue;
      }
      List<UriResource> parts = item.getResourcePath().getUriResourceParts();
      if (parts.size() != 1 || !(parts.get(0) instanceof UriResourceNavigation path)) {
        throw new NotSupportedException("$expand: only navigation properties are supported");
      }
      ResoNavigation navigation =
          entity
              .navigation(path.getProperty().getName())
              .orElseThrow(
                  () ->
                      new InvalidRequestException(
                          "$expand: " + path.getProperty().getName() + " is not expandable"));
      expansions.add(
          new Expansion(navigation, select(item.getSelectOption(), navigation.target())));
    }
    return List.copyOf(expansions);
  }

  /** The selected names for {@code @odata.context}: the key, then the fields. */
  String selectList(ResoEntity entity) {
    return entity.keyName()
        + select.stream().map(f -> "," + f.reso()).collect(Collectors.joining());
  }

  /** The order of {@code $orderby}, then the key; led by a whole-number field when it names one. */
  private static PageOrder order(UriInfo uri, ResoEntity entity) {
    Sort sort = sort(uri, entity);
    if (uri.getOrderByOption() != null
        && !uri.getOrderByOption().getOrders().isEmpty()
        && uri.getOrderByOption().getOrders().get(0).getExpression() instanceof Member member) {
      String name = propertyName(member.getResourcePath().getUriResourceParts(), "$orderby");
      Optional<SearchField> index = entity.field(name).flatMap(ResoField::index);
      if (!name.equals(entity.keyName()) && index.orElse(null) instanceof LongValueField leading) {
        return PageOrder.ledBy(
            sort, leading, uri.getOrderByOption().getOrders().get(0).isDescending());
      }
    }
    return PageOrder.of(sort);
  }

  private static Sort sort(UriInfo uri, ResoEntity entity) {
    List<SortField> fields = new ArrayList<>();
    boolean hasKey = false;
    if (uri.getOrderByOption() != null) {
      for (OrderByItem item : uri.getOrderByOption().getOrders()) {
        if (!(item.getExpression() instanceof Member member)) {
          throw new NotSupportedException("$orderby: only properties can be ordered by");
        }
        String name = propertyName(member.getResourcePath().getUriResourceParts(), "$orderby");
        if (name.equals(entity.keyName())) {
          fields.add(entity.records().keySort(item.isDescending()));
          hasKey = true;
          break; // the key is unique: nothing after it changes the order
        }
        fields.add(sortField(entity, name, item.isDescending()));
      }
    }
    if (!hasKey) {
      fields.add(entity.records().keySort(false));
    }
    return new Sort(fields.toArray(SortField[]::new));
  }

  private static SortField sortField(ResoEntity entity, String name, boolean descending) {
    SearchField index =
        entity
            .field(name)
            .flatMap(ResoField::index)
            .orElseThrow(
                () -> new InvalidRequestException("$orderby: " + name + " is not sortable"));
    return switch (index) {
      case LongValueField longs -> longs.sort(descending);
      case DoubleValueField doubles -> doubles.sort(descending);
      default -> throw new InvalidRequestException("$orderby: " + name + " is not sortable");
    };
  }

  private static String propertyName(List<UriResource> parts, String option) {
    if (parts.size() == 1 && parts.get(0) instanceof UriResourceProperty property) {
      return property.getProperty().getName();
    }
    throw new NotSupportedException(option + ": only properties of the resource are supported");
  }
}
