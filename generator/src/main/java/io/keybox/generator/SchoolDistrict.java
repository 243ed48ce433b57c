package io.keybox.generator;

import java.util.List;

/** A school district and some of its schools, for the {@code school} block of a listing. */
record SchoolDistrict(
    String name, List<String> elementary, List<String> middle, List<String> high) {

  SchoolDistrict {
    elementary = List.copyOf(elementary);
    middle = List.copyOf(middle);
    high = List.copyOf(high);
  }
}
