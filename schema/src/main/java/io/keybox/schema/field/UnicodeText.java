package io.keybox.schema.field;

import java.text.Normalizer;

/**
 * Text in one Unicode form on both sides of a match. The same word can arrive composed ({@code é},
 * one code point, as most feeds and browsers send it) or decomposed ({@code e} and a combining
 * accent, as some keyboards and copy-pastes give it); indexed and queried texts are put in NFC so
 * either spelling finds the other.
 */
final class UnicodeText {
  /** Below U+0300 every character is its own NFC form and composes with nothing before it. */
  private static final char FIRST_COMPOSING = '\u0300';

  private UnicodeText() {}

  /** {@code text} in Unicode normalization form C; the same instance when it already is. */
  static String nfc(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= FIRST_COMPOSING) {
        return Normalizer.normalize(text, Normalizer.Form.NFC);
      }
    }
    return text;
  }

  /**
   * Whether {@code codePoint} belongs inside a word: a letter, a digit, or a combining mark (an
   * accent with no composed form stays with its letter).
   */
  static boolean isWordPart(int codePoint) {
    if (Character.isLetterOrDigit(codePoint)) {
      return true;
    }
    int type = Character.getType(codePoint);
    return type == Character.NON_SPACING_MARK
        || type == Character.COMBINING_SPACING_MARK
        || type == Character.ENCLOSING_MARK;
  }
}
