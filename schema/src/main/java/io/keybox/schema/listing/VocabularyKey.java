package io.keybox.schema.listing;

import java.util.Locale;

/** The lookup key of a vocabulary value: lower-cased letters and digits only. */
final class VocabularyKey {
  private VocabularyKey() {}

  static String of(String value) {
    StringBuilder key = new StringBuilder(value.length());
    value
        .toLowerCase(Locale.ROOT)
        .codePoints()
        .filter(Character::isLetterOrDigit)
        .forEach(key::appendCodePoint);
    return key.toString();
  }
}
