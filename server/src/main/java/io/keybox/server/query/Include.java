package io.keybox.server.query;

import java.util.List;
import java.util.Locale;

/**
 * The optional blocks of the {@code include} parameter: {@code rooms} and {@code compliance}.
 * Legacy values (association, agreement, garageSpaces...) and unknown values are accepted and
 * change nothing, as API.md §7 says.
 */
public record Include(boolean rooms, boolean compliance) {
  /** The parameter's name. */
  public static final String NAME = "include";

  /** Neither block. */
  public static final Include NONE = new Include(false, false);

  /** The blocks named by the values of {@code include} (case-insensitive). */
  public static Include parse(List<String> values) {
    boolean rooms = false;
    boolean compliance = false;
    for (String value : values) {
      switch (value.strip().toLowerCase(Locale.ROOT)) {
        case "rooms" -> rooms = true;
        case "compliance" -> compliance = true;
        default -> {} // legacy and unknown values are inert
      }
    }
    return new Include(rooms, compliance);
  }
}
