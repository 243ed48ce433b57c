package io.keybox.generator;

import java.util.List;

/** Telephone numbers in the North American format "(713) 555-0123", and zero-padded numbers. */
final class Phones {
  private static final List<String> CELL_AREA_CODES = List.of("832", "281", "713", "346");

  private Phones() {}

  /** A number in {@code areaCode} with a valid (not 0 or 1 led, not N11) exchange. */
  static String number(Dice dice, String areaCode) {
    int exchange = dice.between(201, 989);
    if (exchange % 100 == 11) {
      exchange++;
    }
    int line = dice.between(0, 9999);
    StringBuilder b = new StringBuilder(14).append('(').append(areaCode).append(") ");
    b.append(exchange).append('-');
    return pad(b, line, 4).toString();
  }

  /** A mobile number of the metro. */
  static String cell(Dice dice) {
    return number(dice, dice.pick(CELL_AREA_CODES));
  }

  /** Appends {@code value} zero-padded to {@code width} digits; returns {@code b}. */
  static StringBuilder pad(StringBuilder b, long value, int width) {
    String digits = Long.toString(value);
    for (int i = digits.length(); i < width; i++) {
      b.append('0');
    }
    return b.append(digits);
  }
}
