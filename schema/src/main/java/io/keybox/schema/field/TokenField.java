package io.keybox.schema.field;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * Keyword search by words, where the last word of a query may be a prefix ({@code hous} finds
 * Houston).
 *
 * <p>Every word of the record's text is indexed whole under {@code name.word} and as each of its
 * prefixes (up to {@link #MAX_PREFIX} characters) under {@code name.prefix}, so a prefix query is
 * one term lookup at search time rather than a walk over the term dictionary. Words are the runs of
 * letters and digits, lower-cased.
 */
public final class TokenField implements SearchField {
  /** Longest prefix indexed; a longer last query word must match a whole word. */
  public static final int MAX_PREFIX = 16;

  /** Terms for matching only, as {@code StringField} indexes them: documents, no norms. */
  private static final FieldType TERMS = terms();

  private final String name;
  private final String wordField;
  private final String prefixField;
  private final Function<JsonNode, Collection<String>> extractor;

  private TokenField(String name, Function<JsonNode, Collection<String>> extractor) {
    this.name = name;
    this.wordField = name + ".word";
    this.prefixField = name + ".prefix";
    this.extractor = extractor;
  }

  private static FieldType terms() {
    FieldType type = new FieldType();
    type.setIndexOptions(IndexOptions.DOCS);
    type.setOmitNorms(true);
    type.setTokenized(true);
    type.freeze();
    return type;
  }

  /** A field whose texts are read by {@code extractor}. */
  public static TokenField of(String name, Function<JsonNode, Collection<String>> extractor) {
    return new TokenField(name, extractor);
  }

  @Override
  public String name() {
    return name;
  }

  /**
   * The words of {@code text}, in order: in NFC, runs of letters and digits (with their combining
   * marks), lower-cased. A word may not start with a mark.
   */
  public static List<String> words(String text) {
    String normal = UnicodeText.nfc(text);
    List<String> words = new ArrayList<>();
    int start = -1;
    for (int i = 0; i <= normal.length(); ) {
      int cp = i < normal.length() ? normal.codePointAt(i) : ' ';
      boolean wordChar = start < 0 ? Character.isLetterOrDigit(cp) : UnicodeText.isWordPart(cp);
      if (wordChar && start < 0) {
        start = i;
      } else if (!wordChar && start >= 0) {
        words.add(UnicodeText.nfc(normal.substring(start, i).toLowerCase(Locale.ROOT)));
        start = -1;
      }
      i += i < normal.length() ? Character.charCount(cp) : 1;
    }
    return words;
  }

  /**
   * The words this field indexes for {@code record}: the words of each of its texts, in order, a
   * word repeated as often as it occurs.
   */
  public List<String> recordWords(JsonNode record) {
    Collection<String> texts = extractor.apply(record);
    List<String> words = new ArrayList<>();
    if (texts != null) {
      for (String text : texts) {
        if (text != null) {
          words.addAll(words(text));
        }
      }
    }
    return words;
  }

  @Override
  public void addTo(Document doc, JsonNode record) {
    List<String> words = recordWords(record);
    if (!words.isEmpty()) {
      doc.add(new Field(wordField, WordTokens.whole(words), TERMS));
      doc.add(new Field(prefixField, WordTokens.prefixes(words, MAX_PREFIX), TERMS));
    }
  }

  /**
   * Records containing every word of {@code text}, the last word possibly as a prefix. A text
   * without words matches nothing.
   */
  public Query matchAllWords(String text) {
    return matchWords(text, false);
  }

  /**
   * Records in which every word of {@code text} begins some word (prefixes longer than {@link
   * #MAX_PREFIX} must match a whole word). A text without words matches nothing.
   */
  public Query matchAllPrefixes(String text) {
    return matchWords(text, true);
  }

  private Query matchWords(String text, boolean everyWordAsPrefix) {
    List<String> words = words(text);
    if (words.isEmpty()) {
      return new MatchNoDocsQuery("no words in '" + text + "'");
    }
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      boolean asPrefix =
          (everyWordAsPrefix || i == words.size() - 1)
              && word.codePointCount(0, word.length()) <= MAX_PREFIX;
      all.add(new TermQuery(new Term(asPrefix ? prefixField : wordField, word)), Occur.FILTER);
    }
    return new ConstantScoreQuery(all.build());
  }
}
