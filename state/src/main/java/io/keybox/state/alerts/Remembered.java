package io.keybox.state.alerts;

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a saved search last told its receiver about one matching listing: its price, its status and
 * its open houses (by openHouseKey). The next change of the listing is compared with it.
 *
 * @param mlsId the listing
 * @param price its list price, when it has one
 * @param status its status as served ({@code Active}, {@code Pending}, ...)
 * @param openHouses the keys of its open houses
 */
public record Remembered(long mlsId, OptionalDouble price, String status, Set<Long> openHouses) {
  public Remembered {
    Objects.requireNonNull(price, "price");
    Objects.requireNonNull(status, "status");
    openHouses = Set.copyOf(openHouses);
  }

  String openHousesText() {
    StringBuilder text = new StringBuilder();
    for (long key : new TreeSet<>(openHouses)) {
      text.append(text.isEmpty() ? "" : ",").append(key);
    }
    return text.toString();
  }

  static Set<Long> openHouses(String text) {
    Set<Long> keys = new TreeSet<>();
    if (!text.isEmpty()) {
      for (String key : text.split(",")) {
        keys.add(Long.parseLong(key));
      }
    }
    return keys;
  }
}
