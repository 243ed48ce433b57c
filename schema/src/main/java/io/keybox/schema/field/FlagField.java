package io.keybox.schema.field;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * A three-state boolean: true, false or unknown (null). Only an explicit value is indexed, so "not
 * false" keeps both true and unknown records, as the IDX display rules require.
 */
public final class FlagField extends SingleValueField<Boolean> {
  /** A flag whose value is read by {@code extractor} (null: unknown). */
  public FlagField(String name, Function<JsonNode, Boolean> extractor) {
    super(name, extractor);
  }

  @Override
  void add(Document doc, Boolean value) {
    doc.add(new StringField(name(), value.toString(), Field.Store.NO));
  }

  /** Records whose flag is explicitly {@code value}. */
  public Query is(boolean value) {
    return new TermQuery(term(value));
  }

  /**
   * Whether document {@code doc} of {@code reader} (its id in {@code reader}) has the flag
   * explicitly {@code value}: {@link #is} for one document, without a query.
   */
  public boolean is(boolean value, IndexReader reader, int doc) throws IOException {
    return TermDocs.holds(reader, doc, term(value));
  }

  private Term term(boolean value) {
    return new Term(name(), Boolean.toString(value));
  }

  /** Records whose flag is true or unknown. */
  public Query notFalse() {
    return new BooleanQuery.Builder()
        .add(new MatchAllDocsQuery(), Occur.FILTER)
        .add(is(false), Occur.MUST_NOT)
        .build();
  }
}
