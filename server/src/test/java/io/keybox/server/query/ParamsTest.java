package io.keybox.server.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.query.Params.Param;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ParamsTest {
  @Test
  void valuesAreDecodedTrimmedAndInOrder() {
    Params params = Params.parse("cities=Sugar+Land&cities=%20Katy%20&cities=&q=a%2Bb&x=%C3%A2");
    assertEquals(List.of("Sugar Land", "Katy"), params.values("cities"));
    assertEquals(List.of("a+b"), params.values("q"));
    assertEquals(List.of("â"), params.values("x"));
  }

  @Test
  void emptyAndBlankValuesAreKeptForLinksButIgnored() {
    Params params = Params.parse("minprice=&minprice=+&minprice=5&vendor&&limit=7");
    assertEquals(Optional.of("5"), params.first("minprice"));
    assertEquals(List.of("5"), params.values("minprice"));
    assertEquals(Optional.empty(), params.first("vendor"));
    assertEquals(
        List.of(
            new Param("minprice", ""),
            new Param("minprice", " "),
            new Param("minprice", "5"),
            new Param("vendor", ""),
            new Param("limit", "7")),
        params.all());
  }

  @Test
  void namesAreCaseSensitiveAndTheFirstValueWins() {
    Params params = Params.parse("MinPrice=1&minprice=2&minprice=3");
    assertEquals(Optional.of("2"), params.first("minprice"));
    assertEquals(Optional.of("1"), params.first("MinPrice"));
    assertEquals(Optional.empty(), params.first("MINPRICE"));
  }

  @Test
  void malformedEncodingIsA400() {
    assertEquals(
        "malformed query string: invalid percent-encoding near '%G1'",
        assertThrows(InvalidRequestException.class, () -> Params.parse("q=%G1")).getMessage());
    assertEquals(
        "malformed query string: invalid percent-encoding near '%2'",
        assertThrows(InvalidRequestException.class, () -> Params.parse("q=%2")).getMessage());
    assertEquals(
        "malformed query string: percent-encoded bytes are not UTF-8",
        assertThrows(InvalidRequestException.class, () -> Params.parse("q=%FF")).getMessage());
  }
}
