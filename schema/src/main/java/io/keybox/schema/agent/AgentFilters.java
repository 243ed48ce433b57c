package io.keybox.schema.agent;

import io.keybox.schema.RecordKind;
import io.keybox.schema.filter.Clauses;
import io.keybox.schema.filter.Filter;
import io.keybox.schema.filter.Filter.AnyOf;
import io.keybox.schema.filter.Filter.Custom;
import io.keybox.schema.filter.Filter.Text;
import io.keybox.schema.filter.FilterTable;
import io.keybox.schema.filter.ValueType;
import java.util.List;
import java.util.Optional;

/** The filter parameters of {@code GET /agents} (API.md §11), in the order they are checked. */
public final class AgentFilters {
  private AgentFilters() {}

  /** Every word begins a word of the first or last name (one value, the first). */
  public static final Text NAME =
      new Text(
          "name",
          AgentFields.NAME,
          false,
          true,
          "Every word must match the start of the first or last name (case-insensitive).");

  public static final AnyOf<String> STATE =
      Filter.anyOf(
          "state",
          AgentFields.STATE,
          "`address.state` of the agent, case-insensitive. Repeat the parameter for several"
              + " values (any of them matches).");

  /** The id or contact email equals any of the values ({@link AgentQueries#idOrEmail}). */
  public static final Custom<List<String>> Q =
      new Custom<>(
          "q",
          true,
          ValueType.TEXT,
          List.of(),
          Clauses.ONE,
          values -> values,
          Optional.empty(),
          values -> Optional.of(AgentQueries.idOrEmail(values)),
          "`id` or `contact.email`, exactly, case-insensitive. Repeat the parameter for several"
              + " values (any of them matches).");

  /** Every filter of {@code GET /agents}, in the order they are checked. */
  public static final FilterTable TABLE =
      new FilterTable(RecordKind.AGENT, List.of(NAME, STATE, Q));
}
