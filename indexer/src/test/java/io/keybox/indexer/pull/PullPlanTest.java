package io.keybox.indexer.pull;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

final class PullPlanTest {
  private static final URI MLS_GRID = URI.create("https://api.mlsgrid.com/v2/");
  private static final URI BRIDGE =
      URI.create("https://api.bridgedataoutput.com/api/v2/OData/test");
  private static final Instant HIGH_WATER = Instant.parse("2026-11-20T08:30:00Z");

  private static PullPlan plan(URI root, Optional<String> filter, Optional<Instant> since) {
    return new PullPlan(
        root, List.of("Property", "Member"), filter, 1000, since, PullPlan.isMlsGrid(root));
  }

  @Test
  void aFullPullOfMlsGridReadsOnlyWhatMayBeShownAndAndsTheUsersFilter() {
    PullPlan plan =
        plan(MLS_GRID, Optional.of("OriginatingSystemName eq 'mred'"), Optional.empty());
    assertEquals(
        Optional.of("MlgCanView eq true and (OriginatingSystemName eq 'mred')"),
        plan.odataFilter());
    assertEquals(
        "https://api.mlsgrid.com/v2/Property?$filter=MlgCanView%20eq%20true%20and%20"
            + "%28OriginatingSystemName%20eq%20%27mred%27%29&$top=1000",
        plan.firstPage("Property").toString());
  }

  @Test
  void anIncrementalPullReadsFromAMinuteBeforeTheHighWaterMarkWithdrawnRecordsToo() {
    PullPlan plan = plan(MLS_GRID, Optional.empty(), Optional.of(HIGH_WATER));
    assertEquals(Optional.of("ModificationTimestamp gt 2026-11-20T08:29:00Z"), plan.odataFilter());
    assertEquals(
        Optional.of("ModificationTimestamp gt 2026-11-20T08:29:00Z"),
        plan(BRIDGE, Optional.empty(), Optional.of(HIGH_WATER)).odataFilter());
  }

  @Test
  void otherServersGetNoFilterOfTheirOwn() {
    assertEquals(Optional.empty(), plan(BRIDGE, Optional.empty(), Optional.empty()).odataFilter());
    assertEquals(
        "https://api.bridgedataoutput.com/api/v2/OData/test/Member?$top=1000",
        plan(BRIDGE, Optional.empty(), Optional.empty()).firstPage("Member").toString());
    assertTrue(PullPlan.isMlsGrid(URI.create("https://api.mlsgrid.com/v2")));
    assertFalse(PullPlan.isMlsGrid(URI.create("https://mlsgrid.com.example/v2")));
    assertFalse(PullPlan.isMlsGrid(BRIDGE));
  }

  @Test
  void resourcesAndPageSizeAreChecked() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new PullPlan(BRIDGE, List.of("Member"), Optional.empty(), 10, Optional.empty(), false));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new PullPlan(
                BRIDGE,
                List.of("Property", "Media"),
                Optional.empty(),
                10,
                Optional.empty(),
                false));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new PullPlan(
                BRIDGE, List.of("Property"), Optional.empty(), 0, Optional.empty(), false));
  }

  @Test
  void credentialsNeverShowTheirSecrets() {
    assertEquals(
        "ClientCredentials[tokenUrl=https://t.example/token, clientId=acme]",
        new Credentials.ClientCredentials(
                URI.create("https://t.example/token"), "acme", "hush", Optional.of("api"))
            .toString());
    assertFalse(new Credentials.BearerToken("hush").toString().contains("hush"));
  }
}
