package io.keybox.schema.field;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The words of one record as the tokens of a single field: each word whole, or each of its prefixes
 * up to a number of code points. One field of many tokens rather than one {@code StringField} per
 * term: Lucene then looks the field up and sets up its inversion once per record, not once per
 * prefix, and no prefix string is made.
 *
 * <p>A word repeated in a record yields its tokens again; the fields are indexed with documents
 * only (no frequencies, no positions), so the postings are the same as with each term once.
 */
final class WordTokens extends TokenStream {
  private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
  private final List<String> words;
  private final int maxPrefix;
  private int word;
  private int end;
  private int codePoints;

  private WordTokens(List<String> words, int maxPrefix) {
    this.words = words;
    this.maxPrefix = maxPrefix;
  }

  /** Each word whole. */
  static WordTokens whole(List<String> words) {
    return new WordTokens(words, 0);
  }

  /** Each prefix of each word, one code point to {@code maxPrefix} (or the whole word). */
  static WordTokens prefixes(List<String> words, int maxPrefix) {
    if (maxPrefix < 1) {
      throw new IllegalArgumentException("maxPrefix must be at least 1, not " + maxPrefix);
    }
    return new WordTokens(words, maxPrefix);
  }

  @Override
  public boolean incrementToken() {
    while (word < words.size()) {
      String current = words.get(word);
      if (maxPrefix == 0) {
        word++;
        emit(current, current.length());
        return true;
      }
      if (end < current.length() && codePoints < maxPrefix) {
        end += Character.charCount(current.codePointAt(end));
        codePoints++;
        emit(current, end);
        return true;
      }
      word++;
      end = 0;
      codePoints = 0;
    }
    return false;
  }

  private void emit(String current, int length) {
    clearAttributes();
    term.setEmpty().append(current, 0, length);
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    word = 0;
    end = 0;
    codePoints = 0;
  }
}
