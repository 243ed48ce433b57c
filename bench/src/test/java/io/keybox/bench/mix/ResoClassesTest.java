package io.keybox.bench.mix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.bench.keybox.KeyboxTarget;
import io.keybox.bench.load.Target;
import io.keybox.bench.opensearch.OpenSearchTarget;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The RESO Web API classes ask the questions of their JSON API twins. */
class ResoClassesTest {
  private static final Vocabulary VOCABULARY =
      new Vocabulary(
          List.of("Houston", "O'Fallon"),
          List.of("main"),
          List.of(11L, 12L, 13L),
          List.<double[]>of(new double[] {29.7, -95.4}),
          1_000);

  private static QueryClass named(String name) {
    return Mix.classes(VOCABULARY, 7).stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static String decoded(String query) {
    return URLDecoder.decode(query, StandardCharsets.UTF_8);
  }

  @Test
  void resoFilterAsksWhatCityPriceBedsAsks() {
    QueryClass json = named("city-price-beds");
    QueryClass reso = named("reso-filter");
    for (int client = 0; client < 3; client++) {
      ClientState a = new ClientState(42, client);
      ClientState b = new ClientState(42, client);
      for (int i = 0; i < 20; i++) {
        String form = decoded(json.next(a).query());
        BenchRequest odata = reso.next(b);
        assertEquals(Endpoint.RESO_PROPERTY, odata.endpoint());
        String city = form.replaceAll(".*cities=([^&]*).*", "$1");
        String min = form.replaceAll(".*minprice=(\\d+).*", "$1");
        String max = form.replaceAll(".*maxprice=(\\d+).*", "$1");
        String beds = form.replaceAll(".*minbeds=(\\d+).*", "$1");
        assertEquals(
            "$filter=StandardStatus eq 'Active' and (PropertyType eq 'Residential' or"
                + " PropertyType eq 'ResidentialLease') and City eq '"
                + city.replace("'", "''")
                + "' and ListPrice ge "
                + min
                + " and ListPrice le "
                + max
                + " and BedroomsTotal ge "
                + beds
                + "&$orderby=ModificationTimestamp desc&$top=20",
            decoded(odata.query()));
        assertTrue(odata.pathAndQuery().startsWith("/reso/houston/Property?$filter="));
      }
    }
  }

  @Test
  void resoReplicateFollowsItsNextLinkAndStartsAgainAtTheEnd() {
    QueryClass walk = named("reso-replicate");
    ClientState state = new ClientState(42, 0);
    String first = walk.next(state).query();
    assertEquals(
        "$filter=StandardStatus eq 'Active' and (PropertyType eq 'Residential' or PropertyType"
            + " eq 'ResidentialLease')&$orderby=ModificationTimestamp,ListingKey",
        decoded(first));
    assertTrue(state.followsLinks());
    state.link("http://127.0.0.1:1/reso/houston/Property?$orderby=X&$skiptoken=t1");
    assertEquals("$orderby=X&$skiptoken=t1", walk.next(state).query());
    state.link(null);
    assertEquals(first, walk.next(state).query(), "after the last page, the first again");
    assertTrue(Mix.resoOnly(walk).isPresent());
    assertTrue(Mix.resoOnly(named("city-price-beds")).isEmpty());
  }

  @Test
  void onlyKeyboxRunsTheResoClassesThePeersSkipThemWithTheReason() {
    QueryClass reso = named("reso-filter");
    QueryClass json = named("city-price-beds");
    Target peer = new OpenSearchTarget(9, 1_000); // connects only when a session opens
    Target keybox = new KeyboxTarget("127.0.0.1", 9, "key", "secret", false);
    assertEquals(
        Optional.of(
            "not run: speaks no RESO Web API; compared through the JSON API class with the same"
                + " question"),
        peer.unsupported(reso));
    assertEquals(Optional.empty(), peer.unsupported(json));
    assertEquals(Optional.empty(), keybox.unsupported(reso));
  }
}
