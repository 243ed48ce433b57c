package io.keybox.schema.field;

import java.util.Collection;
import org.apache.lucene.search.Query;

/** A field of several values per record, whose records can be required to hold all of a set. */
public interface AllOfQueryable {
  /** The Lucene field name. */
  String name();

  /** Matches records holding every one of {@code values}: one clause per value. */
  Query allOf(Collection<String> values);
}
