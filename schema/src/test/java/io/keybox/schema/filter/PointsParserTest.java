package io.keybox.schema.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.schema.filter.GeoPolygon.Vertex;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PointsParserTest {
  private static final Vertex NE = new Vertex(29.80, -95.39);
  private static final Vertex NW = new Vertex(29.80, -95.40);
  private static final Vertex SE = new Vertex(29.78, -95.39);
  private static final Vertex SW = new Vertex(29.78, -95.40);

  private static List<Vertex> ring(String... points) {
    return PointsParser.parse(Arrays.asList(points)).ring();
  }

  /** The message of the 400 a client gets for {@code points}. */
  private static String message(String... points) {
    return assertThrows(
            InvalidValueException.class, () -> PointsParser.parse(Arrays.asList(points)))
        .forParameter("points");
  }

  @Test
  void rectangleCornersSentNeNwSeSwBecomeTheirConvexHull() {
    // As given the ring is a bow-tie (NW-SE crosses SW-NE); the hull is the rectangle,
    // counter-clockwise from the south-west corner.
    assertEquals(
        List.of(SW, SE, NE, NW),
        ring("29.80,-95.39", "29.80,-95.40", "29.78,-95.39", "29.78,-95.40"));
  }

  @Test
  void aRingThatDoesNotCrossItselfIsKeptAsGiven() {
    assertEquals(
        List.of(NE, NW, SW, SE),
        ring("29.80,-95.39", "29.80,-95.40", "29.78,-95.40", "29.78,-95.39"));
    // Concave (an L): its hull would drop the inner corner (1,1); it must stay.
    assertEquals(
        List.of(
            new Vertex(0, 0),
            new Vertex(0, 2),
            new Vertex(1, 2),
            new Vertex(1, 1),
            new Vertex(2, 1),
            new Vertex(2, 0)),
        ring("0,0", "0,2", "1,2", "1,1", "2,1", "2,0"));
  }

  @Test
  void aClosedRingAndRepeatedNeighboursAreTheSamePolygon() {
    assertEquals(
        List.of(NE, NW, SW, SE),
        ring(
            "29.80,-95.39",
            "29.80,-95.40",
            "29.80,-95.40",
            "29.78,-95.40",
            "29.78,-95.39",
            "29.80,-95.39"));
    assertEquals(
        List.of(NE, NW, SW, SE),
        ring(" 29.80 , -95.39", "29.80,-95.40 ", "29.78,-95.40", "29.78,-95.39"));
  }

  @Test
  void aVertexVisitedTwiceGivesTheHull() {
    // NE, NW, SW, NE, SE: NE twice (not as neighbours and not as the closing point).
    assertEquals(
        List.of(SW, SE, NE, NW),
        ring("29.80,-95.39", "29.80,-95.40", "29.78,-95.40", "29.80,-95.39", "29.78,-95.39"));
  }

  @Test
  void crossingIsDetectedOnlyBetweenNonAdjacentEdges() {
    assertTrue(PointsParser.crossesItself(List.of(NE, NW, SE, SW)));
    assertFalse(PointsParser.crossesItself(List.of(NE, NW, SW, SE)));
    assertFalse(PointsParser.crossesItself(List.of(NE, NW, SW)));
    // An edge that touches a non-adjacent vertex counts as crossing.
    assertTrue(
        PointsParser.crossesItself(
            List.of(new Vertex(0, 0), new Vertex(0, 2), new Vertex(1, 1), new Vertex(0, 1))));
  }

  @Test
  void convexHullDropsInnerAndCollinearPoints() {
    assertEquals(
        List.of(new Vertex(0, 0), new Vertex(0, 2), new Vertex(2, 2), new Vertex(2, 0)),
        PointsParser.convexHull(
            List.of(
                new Vertex(0, 0),
                new Vertex(1, 1),
                new Vertex(2, 2),
                new Vertex(0, 2),
                new Vertex(0, 1),
                new Vertex(2, 0))));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "29.80 | points: invalid value '29.80'; allowed: lat,lng in decimal degrees, e.g. 29.76,-95.37",
        "29.80,-95.39,7 | points: invalid value '29.80,-95.39,7'; allowed: lat,lng in decimal degrees, e.g. 29.76,-95.37",
        "north,-95.39 | points: invalid value 'north,-95.39'; allowed: lat,lng in decimal degrees, e.g. 29.76,-95.37",
        "29.80,1e2 | points: invalid value '29.80,1e2'; allowed: lat,lng in decimal degrees, e.g. 29.76,-95.37",
        "29.80;-95.39 | points: invalid value '29.80;-95.39'; allowed: lat,lng in decimal degrees, e.g. 29.76,-95.37",
        "90.0001,0 | points: invalid value '90.0001,0'; allowed: latitude -90..90 and longitude -180..180, latitude first",
        "-95.39,29.80 | points: invalid value '-95.39,29.80'; allowed: latitude -90..90 and longitude -180..180, latitude first",
        "0,-180.5 | points: invalid value '0,-180.5'; allowed: latitude -90..90 and longitude -180..180, latitude first",
      })
  void aBadPointIsNamedWhole(String bad, String expected) {
    assertEquals(expected, message(bad, "29.80,-95.40", "29.78,-95.40"));
  }

  @Test
  void theRangeLimitsThemselvesAreAccepted() {
    assertEquals(3, ring("90,180", "-90,180", "-90,-180").size());
  }

  @Test
  void fewerThanThreeDistinctPointsOrNoAreaIs400() {
    assertEquals(
        "points: invalid value '29.80,-95.39 29.80,-95.40'; allowed: at least 3 distinct points"
            + " forming a polygon",
        message("29.80,-95.39", "29.80,-95.40"));
    assertEquals(
        "points: invalid value '29.80,-95.39 29.80,-95.40 29.80,-95.39'; allowed: at least 3"
            + " distinct points forming a polygon",
        message("29.80,-95.39", "29.80,-95.40", "29.80,-95.39"));
    assertEquals(
        "points: invalid value '1,1 1,1 1,1 1,1'; allowed: at least 3 distinct points forming a"
            + " polygon",
        message("1,1", "1,1", "1,1", "1,1"));
    assertEquals(
        "points: invalid value '29.0,-95.0 29.5,-95.0 30.0,-95.0'; allowed: points that enclose an"
            + " area (not all on one line)",
        message("29.0,-95.0", "29.5,-95.0", "30.0,-95.0"));
    // On one line, but the decimals are not exact in binary: rounding must not make an area.
    assertEquals(
        "points: invalid value '29.1,-95.1 29.2,-95.2 29.3,-95.3'; allowed: points that enclose an"
            + " area (not all on one line)",
        message("29.1,-95.1", "29.2,-95.2", "29.3,-95.3"));
    assertEquals(
        "points: invalid value '29.1,-95.1 29.3,-95.3 29.2,-95.2 29.4,-95.4'; allowed: points that"
            + " enclose an area (not all on one line)",
        message("29.1,-95.1", "29.3,-95.3", "29.2,-95.2", "29.4,-95.4"));
    // Steps of -0.0431, -0.0527: the plain shoelace sum gives 4.5e-13, not 0.
    assertEquals(
        "points: invalid value '34.978,-98.252 34.9349,-98.3047 34.8918,-98.3574'; allowed: points"
            + " that enclose an area (not all on one line)",
        message("34.978,-98.252", "34.9349,-98.3047", "34.8918,-98.3574"));
  }

  @Test
  void pointsOnOneLineAreRejectedWhateverTheirDecimals() {
    Random random = new Random(7);
    for (int i = 0; i < 2000; i++) {
      BigDecimal lat = BigDecimal.valueOf(random.nextInt(170_000) - 85_000, 3);
      BigDecimal lng = BigDecimal.valueOf(random.nextInt(350_000) - 175_000, 3);
      BigDecimal dLat = BigDecimal.valueOf(random.nextInt(2001) - 1000, 4);
      BigDecimal dLng = BigDecimal.valueOf(random.nextInt(2001) - 1000, 4);
      if (dLat.signum() == 0 && dLng.signum() == 0) {
        continue;
      }
      String a = lat + "," + lng;
      String b = lat.add(dLat) + "," + lng.add(dLng);
      String c =
          lat.add(dLat.multiply(BigDecimal.valueOf(3)))
              + ","
              + lng.add(dLng.multiply(BigDecimal.valueOf(3)));
      assertTrue(
          message(a, b, c).endsWith("allowed: points that enclose an area (not all on one line)"),
          a + " " + b + " " + c);
      // Moved off the line by 0.0001 degrees (about 11 m), the same points are a polygon.
      String off =
          lat.add(dLat.multiply(BigDecimal.valueOf(3))).add(new BigDecimal("0.0001"))
              + ","
              + lng.add(dLng.multiply(BigDecimal.valueOf(3)));
      if (dLng.signum() != 0) {
        assertEquals(3, ring(a, b, off).size(), a + " " + b + " " + off);
      }
    }
  }

  @Test
  void aThousandPointsAreAcceptedAndOneMoreIsNot() {
    List<String> thousand = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      double angle = 2 * Math.PI * i / 1000;
      thousand.add((29.7 + Math.sin(angle)) + "," + (-95.4 + Math.cos(angle)));
    }
    assertEquals(1000, PointsParser.parse(thousand).ring().size());
    List<String> tooMany = new ArrayList<>(thousand);
    tooMany.add("29.7,-95.4");
    assertEquals(
        "points: invalid value '1001 points'; allowed: at most 1000 points",
        assertThrows(InvalidValueException.class, () -> PointsParser.parse(tooMany))
            .forParameter("points"));
  }
}
