package io.keybox.schema;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * The kinds of record a vendor's index holds side by side. Every document carries its kind, and
 * every search is restricted to one kind.
 */
public enum RecordKind {
  LISTING("listing"),
  OPEN_HOUSE("openhouse"),
  AGENT("agent");

  private static final String FIELD = "_kind";
  private final String term;

  RecordKind(String term) {
    this.term = term;
  }

  /** Marks {@code doc} as a record of this kind. */
  public void addTo(Document doc) {
    doc.add(new StringField(FIELD, term, Field.Store.NO));
  }

  /** Matches every record of this kind. */
  public Query query() {
    return new ConstantScoreQuery(new TermQuery(new Term(FIELD, term)));
  }
}
