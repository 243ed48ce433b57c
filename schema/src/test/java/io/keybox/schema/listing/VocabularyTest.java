package io.keybox.schema.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VocabularyTest {
  @ParameterizedTest
  @CsvSource({
    "Active, Active",
    "ACTIVE, Active",
    "active under contract, ActiveUnderContract",
    "Accepting Backup Offers, ActiveUnderContract",
    "contingent, ActiveUnderContract",
    "Offer Accepted, Pending",
    "Under Contract, Pending",
    "Sold, Closed",
    "leased, Closed",
    "Closed Sale, Closed",
    "Temp Off Market, Hold",
    "Hold Do Not Show, Hold",
    "kill, Delete",
    "ZAP, Delete",
    "Draft, Incomplete",
    "Partially Completed, Incomplete",
    "Coming Soon, ComingSoon",
    "Withdrawn, Withdrawn",
    "Expired, Expired"
  })
  void statusSynonymsNormalise(String feed, Status expected) {
    assertEquals(Optional.of(expected), Status.parse(feed));
  }

  @ParameterizedTest
  @CsvSource({"Bogus", "'  '", "Activ"})
  void unknownStatusIsEmpty(String feed) {
    assertEquals(Optional.empty(), Status.parse(feed));
  }

  @ParameterizedTest
  @CsvSource({
    "residential, RES",
    "Residential, RES",
    "RES, RES",
    "condominium, CND",
    "rental, RNT",
    "mobilehome, MBL",
    "Mobile Home, MBL",
    "multifamily, MLF",
    "Multi-Family, MLF",
    "commercial, CRE",
    "commerciallease, CLE",
    "Commercial Lease, CLE",
    "land, LND",
    "farm, FRM"
  })
  void typesParseFromCodesNamesAndDisplayNames(String value, PropertyType expected) {
    assertEquals(Optional.of(expected), PropertyType.parse(value));
  }

  @org.junit.jupiter.api.Test
  void residentialIncludesCondominiums() {
    assertEquals(
        EnumSet.of(PropertyType.RES, PropertyType.CND), PropertyType.RES.selectedByParameter());
    assertEquals(EnumSet.of(PropertyType.CND), PropertyType.CND.selectedByParameter());
  }
}
