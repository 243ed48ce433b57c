package io.keybox.schema.agent;

import static io.keybox.schema.JsonPaths.text;
import static io.keybox.schema.JsonPaths.texts;

import io.keybox.schema.field.KeyTermField;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.SearchField;
import io.keybox.schema.field.SortKeyField;
import io.keybox.schema.field.TokenField;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.search.Sort;

/**
 * The catalogue of an agent's searchable and sortable fields (API.md §11). Names carry an {@code
 * agent.} prefix so they never meet a listing field of the same index.
 */
public final class AgentFields {
  private AgentFields() {}

  /**
   * {@code id} exactly as the feed gives it, case kept: the key an incremental run replaces an
   * agent by ({@link AgentDocuments} adds it; not in {@link #ALL}). Since schema version 3.
   */
  public static final KeyTermField KEY = new KeyTermField("agent.key");

  /** {@code id}, whole value, case-insensitive (the {@code q} parameter). */
  public static final KeywordField ID = KeywordField.of("agent.id", a -> texts(a, "id"));

  /** {@code contact.email}, whole value, case-insensitive (the {@code q} parameter). */
  public static final KeywordField EMAIL =
      KeywordField.of("agent.email", a -> texts(a, "contact", "email"));

  /** {@code address.state} (the {@code state} parameter). */
  public static final KeywordField STATE =
      KeywordField.of("agent.state", a -> texts(a, "address", "state"));

  /** The words of the first and last names (the {@code name} parameter). */
  public static final TokenField NAME =
      TokenField.of("agent.name", a -> Arrays.asList(text(a, "firstName"), text(a, "lastName")));

  /** {@code lastName}, for ordering. */
  public static final SortKeyField LAST_NAME_KEY =
      new SortKeyField("agent.lastName", a -> text(a, "lastName"));

  /** {@code firstName}, for ordering. */
  public static final SortKeyField FIRST_NAME_KEY =
      new SortKeyField("agent.firstName", a -> text(a, "firstName"));

  /** {@code id}, for ordering. */
  public static final SortKeyField ID_KEY = new SortKeyField("agent.idKey", a -> text(a, "id"));

  /** The roster order: last name, first name, id, each ignoring case; missing names last. */
  public static final Sort BY_NAME =
      new Sort(LAST_NAME_KEY.sort(), FIRST_NAME_KEY.sort(), ID_KEY.sort());

  /** Every field an agent document holds, in indexing order. */
  public static final List<SearchField> ALL =
      List.of(ID, EMAIL, STATE, NAME, LAST_NAME_KEY, FIRST_NAME_KEY, ID_KEY);
}
