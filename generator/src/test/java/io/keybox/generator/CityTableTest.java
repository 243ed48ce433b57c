package io.keybox.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The generator's own city table is internally consistent. */
class CityTableTest {

  @Test
  void hasTwentyCitiesInTheFiveCounties() {
    assertEquals(20, CityTable.CITIES.size());
    Set<String> counties = Set.of("Harris", "Fort Bend", "Montgomery", "Galveston", "Brazoria");
    Set<String> names = new HashSet<>();
    for (City city : CityTable.CITIES) {
      assertTrue(counties.contains(city.county()), city.name() + " in " + city.county());
      assertTrue(names.add(city.name()), "duplicate city " + city.name());
    }
    assertEquals("Houston", CityTable.CITIES.get(0).name());
  }

  @Test
  void everyAreaLiesInsideItsCity() {
    for (City city : CityTable.CITIES) {
      for (MlsArea area : city.areas()) {
        double reach = city.distanceKm(area.lat(), area.lng()) + area.radiusKm();
        assertTrue(
            reach <= city.radiusKm(),
            area.name() + " reaches " + reach + " km from " + city.name());
      }
    }
  }

  @Test
  void postalCodesAreHoustonAreaCodes() {
    for (City city : CityTable.CITIES) {
      for (MlsArea area : city.areas()) {
        for (String code : area.postalCodes()) {
          assertTrue(code.matches("77\\d{3}"), code + " of " + area.name());
        }
        assertTrue(area.priceLevel() > 0.5 && area.priceLevel() < 3, area.name());
        assertTrue(area.waterShare() == 0 || !area.waters().isEmpty(), area.name());
      }
    }
  }
}
