package io.keybox.schema.field;

import java.util.Collection;
import org.apache.lucene.search.Query;

/** A field whose records can be matched by any of a set of whole values. */
public interface TermQueryable {
  /** The Lucene field name. */
  String name();

  /** Matches records holding any of {@code values}; no values match nothing. */
  Query anyOf(Collection<String> values);
}
