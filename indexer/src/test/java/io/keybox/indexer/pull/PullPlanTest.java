package io.keybox.indexer.pull;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

final class PullPlanTest {
  private static final URI MLS_GRID = URI.create("https://api.mlsgrid.com/v2/");
  private static final URI BRIDGE =
      URI.create("https://api.bridgedataoutput.com/api/v2/OData/test");
  private static final Instant HIGH_WATER = Instant.parse("2026-11-20T08:30:00Z");
  private static final List<Resource> PROPERTY_AND_MEMBER =
      List.of(Resource.PROPERTY, Resource.MEMBER);

  private static PullPlan plan(
      URI root, Optional<String> filter, Map<Resource, Instant> since, Paging paging) {
    return new PullPlan(
        root,
        PROPERTY_AND_MEMBER,
        filter,
        1000,
        paging,
        !since.isEmpty(),
        since,
        PullPlan.isMlsGrid(root),
        false);
  }

  @Test
  void aFullPullOfMlsGridReadsOnlyWhatMayBeShownAndAndsTheUsersFilter() {
    PullPlan plan =
        plan(MLS_GRID, Optional.of("OriginatingSystemName eq 'mred'"), Map.of(), Paging.TOP);
    assertEquals(
        Optional.of("MlgCanView eq true and (OriginatingSystemName eq 'mred')"),
        plan.odataFilter(Resource.PROPERTY));
    assertEquals(
        "https://api.mlsgrid.com/v2/Property?$filter=MlgCanView%20eq%20true%20and%20"
            + "%28OriginatingSystemName%20eq%20%27mred%27%29&$top=1000&$count=true",
        plan.firstPage(Resource.PROPERTY).toString());
    assertEquals(Map.of(), plan.pageHeaders());
  }

  @Test
  void odataPagingSendsThePageSizeAsAPreferenceAndNoTop() {
    PullPlan plan = plan(BRIDGE, Optional.empty(), Map.of(), Paging.ODATA);
    assertEquals(
        "https://api.bridgedataoutput.com/api/v2/OData/test/Property?$count=true",
        plan.firstPage(Resource.PROPERTY).toString());
    assertEquals(Map.of("Prefer", "odata.maxpagesize=1000"), plan.pageHeaders());
    assertEquals(
        "https://api.bridgedataoutput.com/api/v2/OData/test/Member?$top=0&$count=true",
        plan.countOnly(Resource.MEMBER).toString());
  }

  @Test
  void nextLinksResolveAgainstTheServiceRoot() {
    PullPlan plan = plan(BRIDGE, Optional.empty(), Map.of(), Paging.ODATA);
    assertEquals(
        URI.create("https://api.bridgedataoutput.com/api/v2/OData/test/Property?$skiptoken=abc"),
        plan.resolve("Property?$skiptoken=abc"));
    assertEquals(
        URI.create("https://other.example/odata/Property?$skip=5"),
        plan.resolve("https://other.example/odata/Property?$skip=5"));
  }

  @Test
  void eachResourceOfAnIncrementalPullReadsFromAMinuteBeforeItsOwnMark() {
    PullPlan plan =
        plan(
            MLS_GRID,
            Optional.empty(),
            Map.of(Resource.PROPERTY, HIGH_WATER, Resource.MEMBER, HIGH_WATER.plusSeconds(3600)),
            Paging.TOP);
    // MLS Grid's incremental pull reads withdrawn records too: MlgCanView false is its delete.
    assertEquals(
        Optional.of("ModificationTimestamp gt 2026-11-20T08:29:00Z"),
        plan.odataFilter(Resource.PROPERTY));
    assertEquals(
        Optional.of("ModificationTimestamp gt 2026-11-20T09:29:00Z"),
        plan.odataFilter(Resource.MEMBER));
  }

  @Test
  void otherServersGetNoFilterOfTheirOwn() {
    assertEquals(
        Optional.empty(),
        plan(BRIDGE, Optional.empty(), Map.of(), Paging.TOP).odataFilter(Resource.PROPERTY));
    assertEquals(
        "https://api.bridgedataoutput.com/api/v2/OData/test/Member?$top=1000&$count=true",
        plan(BRIDGE, Optional.empty(), Map.of(), Paging.TOP).firstPage(Resource.MEMBER).toString());
    assertTrue(PullPlan.isMlsGrid(URI.create("https://api.mlsgrid.com/v2")));
    assertFalse(PullPlan.isMlsGrid(URI.create("https://mlsgrid.com.example/v2")));
    assertFalse(PullPlan.isMlsGrid(BRIDGE));
  }

  /**
   * A plan of a full pull (the marks given nonetheless) over {@code BRIDGE} with OData paging and
   * no filter.
   */
  private static PullPlan fullPlan(
      List<Resource> resources, int pageSize, Map<Resource, Instant> since) {
    return new PullPlan(
        BRIDGE, resources, Optional.empty(), pageSize, Paging.ODATA, false, since, false, false);
  }

  @Test
  void propertyRecordsAreAskedWithTheirMediaWhenThePlanSaysSo() {
    PullPlan plan = plan(BRIDGE, Optional.empty(), Map.of(), Paging.ODATA).withExpandMedia(true);
    assertEquals(
        "https://api.bridgedataoutput.com/api/v2/OData/test/Property?$expand=Media&$count=true",
        plan.firstPage(Resource.PROPERTY).toString());
    assertEquals(
        "https://api.bridgedataoutput.com/api/v2/OData/test/Member?$count=true",
        plan.firstPage(Resource.MEMBER).toString());
  }

  @Test
  void resourcesMarksAndPageSizeAreChecked() {
    assertThrows(
        IllegalArgumentException.class, () -> fullPlan(List.of(Resource.MEMBER), 10, Map.of()));
    assertThrows(
        IllegalArgumentException.class, () -> fullPlan(List.of(Resource.PROPERTY), 0, Map.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> fullPlan(List.of(Resource.PROPERTY), 10, Map.of(Resource.PROPERTY, HIGH_WATER)));
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

  @Test
  void theMediaResourceIsReadForListingsOnlyAndIncrementallyByItsOwnTimestamp() {
    PullPlan plan =
        new PullPlan(
                BRIDGE,
                List.of(Resource.PROPERTY),
                Optional.empty(),
                1000,
                Paging.ODATA,
                true,
                Map.of(Resource.PROPERTY, HIGH_WATER, Resource.MEDIA, HIGH_WATER),
                false,
                true)
            .withMediaResource();
    assertEquals(List.of(Resource.PROPERTY, Resource.MEDIA), plan.resources());
    assertFalse(plan.expandMedia(), "the Media resource replaces $expand");
    assertEquals(
        Optional.of(
            "ResourceName eq 'Property' and MediaModificationTimestamp gt 2026-11-20T08:29:00Z"),
        plan.odataFilter(Resource.MEDIA));
    assertEquals(
        "https://api.bridgedataoutput.com/api/v2/OData/test/Property?$filter=ModificationTimestamp"
            + "%20gt%202026-11-20T08%3A29%3A00Z&$count=true",
        plan.firstPage(Resource.PROPERTY).toString());
  }

  @Test
  void listingsAndTheirMediaAreAskedByKeyWithTheUsersFilter() {
    PullPlan plan =
        plan(MLS_GRID, Optional.of("OriginatingSystemName eq 'mred'"), Map.of(), Paging.TOP);
    assertEquals(
        "https://api.mlsgrid.com/v2/Media?$filter=ResourceName%20eq%20%27Property%27%20and%20"
            + "%28ResourceRecordKey%20eq%20%27A1%27%20or%20ResourceRecordKey%20eq%20%27O%27%27B%27"
            + "%29%20and%20%28OriginatingSystemName%20eq%20%27mred%27%29&$top=1000&$count=true",
        plan.keyedPage(Resource.MEDIA, List.of("A1", "O'B")).toString());
    assertEquals(
        "https://api.mlsgrid.com/v2/Property?$filter=%28ListingKey%20eq%20%27A1%27%29%20and%20"
            + "%28OriginatingSystemName%20eq%20%27mred%27%29&$top=1000&$count=true",
        plan.keyedPage(Resource.PROPERTY, List.of("A1")).toString());
    assertThrows(
        IllegalArgumentException.class, () -> plan.keyedPage(Resource.MEMBER, List.of("A1")));
  }
}
