package io.keybox.schema.field;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.AutomatonQuery;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.WildcardQuery;
import org.apache.lucene.util.BytesRef;

/**
 * Whole-value, case-insensitive text: every value is trimmed and lower-cased (Unicode-aware) into
 * one indexed term, so a query matches the whole value, never a substring. A record may hold
 * several values (a comma-separated feature list yields one term per item).
 *
 * <p>When {@code keepsDisplayValues} is set, the trimmed original spelling of each value is also
 * kept in sorted-set doc values under {@link #displayValuesField()}, for metadata and
 * distributions.
 */
public final class KeywordField implements SearchField, TermQueryable, AllOfQueryable {
  private final String name;
  private final Function<JsonNode, Collection<String>> extractor;
  private final boolean keepsDisplayValues;

  private KeywordField(
      String name, Function<JsonNode, Collection<String>> extractor, boolean keepsDisplayValues) {
    this.name = name;
    this.extractor = extractor;
    this.keepsDisplayValues = keepsDisplayValues;
  }

  /** A field whose values are read by {@code extractor} (null or empty: no value). */
  public static KeywordField of(String name, Function<JsonNode, Collection<String>> extractor) {
    return new KeywordField(name, extractor, false);
  }

  /** As {@link #of}, and keeps the display spelling of each value in doc values. */
  public static KeywordField withDisplayValues(
      String name, Function<JsonNode, Collection<String>> extractor) {
    return new KeywordField(name, extractor, true);
  }

  /** The normal form every value is indexed and queried in: trimmed, lower-cased, NFC. */
  public static String normalize(String value) {
    return UnicodeText.nfc(value.strip().toLowerCase(Locale.ROOT));
  }

  @Override
  public String name() {
    return name;
  }

  /** The sorted-set doc values field holding display spellings, when this field keeps them. */
  public String displayValuesField() {
    if (!keepsDisplayValues) {
      throw new IllegalStateException("field " + name + " keeps no display values");
    }
    return name + ".display";
  }

  /** Whether display spellings are kept (see {@link #displayValuesField()}). */
  public boolean keepsDisplayValues() {
    return keepsDisplayValues;
  }

  /** The distinct, non-blank values this field reads from {@code record}, trimmed, in order. */
  public Set<String> values(JsonNode record) {
    Collection<String> raw = extractor.apply(record);
    Set<String> values = new LinkedHashSet<>();
    if (raw != null) {
      for (String value : raw) {
        if (value != null && !value.isBlank()) {
          values.add(value.strip());
        }
      }
    }
    return values;
  }

  @Override
  public void addTo(Document doc, JsonNode record) {
    Set<String> seen = new LinkedHashSet<>();
    for (String value : values(record)) {
      String normal = normalize(value);
      if (seen.add(normal)) {
        doc.add(new StringField(name, normal, Field.Store.NO));
      }
      if (keepsDisplayValues) {
        doc.add(new SortedSetDocValuesField(displayValuesField(), new BytesRef(value)));
      }
    }
  }

  /** Matches records holding any of {@code values} (compared in normal form). */
  @Override
  public Query anyOf(Collection<String> values) {
    List<BytesRef> terms = values.stream().map(v -> new BytesRef(normalize(v))).toList();
    if (terms.isEmpty()) {
      return new MatchNoDocsQuery("no values for " + name);
    }
    if (terms.size() == 1) {
      return new ConstantScoreQuery(new TermQuery(new Term(name, terms.get(0))));
    }
    return new TermInSetQuery(name, terms);
  }

  /** Matches records holding every one of {@code values} (compared in normal form). */
  @Override
  public Query allOf(Collection<String> values) {
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    for (String value : values) {
      all.add(new TermQuery(new Term(name, normalize(value))), Occur.FILTER);
    }
    return new ConstantScoreQuery(all.build());
  }

  /**
   * Matches records holding at least one value in {@code set} (OData's {@code any}): a term lookup
   * for a set of whole values, else the terms the set's automaton accepts.
   */
  public Query anyValueIn(TermSet set) {
    if (set.values().isPresent()) {
      return anyOf(set.values().get());
    }
    return new ConstantScoreQuery(new AutomatonQuery(new Term(name), set.automaton(), true));
  }

  /**
   * Matches records none of whose values lies outside {@code set} (OData's {@code all}): a record
   * holding no value matches, as {@code all} over an empty collection is true.
   */
  public Query everyValueIn(TermSet set) {
    Query outside = new AutomatonQuery(new Term(name), set.not().automaton(), true);
    return new ConstantScoreQuery(
        new BooleanQuery.Builder()
            .add(new MatchAllDocsQuery(), Occur.FILTER)
            .add(outside, Occur.MUST_NOT)
            .build());
  }

  /** Matches records holding {@code value} (compared in normal form). */
  public Query is(String value) {
    return anyOf(List.of(value));
  }

  /** Matches records holding a value that starts with {@code prefix} (compared in normal form). */
  public Query startsWith(String prefix) {
    return new ConstantScoreQuery(new PrefixQuery(new Term(name, normalize(prefix))));
  }

  /**
   * Matches records holding a value that contains {@code text} (compared in normal form).
   *
   * <p>NOTE: a leading wildcard: it walks every term of the field, fine for the few thousand values
   * of a city or subdivision field, not for a field with a term per record.
   */
  public Query contains(String text) {
    String escaped = normalize(text).replaceAll("([*?\\\\])", "\\\\$1");
    return new ConstantScoreQuery(new WildcardQuery(new Term(name, "*" + escaped + "*")));
  }
}
