package io.keybox.bench.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.schema.listing.IdxRule;
import io.keybox.server.query.AnalyticsRequestParser;
import io.keybox.server.query.ClusterRequestParser;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.OpenHouseRequestParser;
import io.keybox.server.query.Params;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each request's search body, written out by hand from API.md and OpenSearch's query DSL. */
class OpenSearchQueriesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final ListingRequestParser parser = new ListingRequestParser(10_000);

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  /** Equal as JSON text: a whole number compares equal whether Jackson holds it as int or long. */
  private static void same(JsonNode expected, JsonNode actual) {
    assertEquals(expected.toString(), actual.toString());
  }

  private JsonNode search(String query) {
    return OpenSearchQueries.search(parser.parse(Params.parse(query)));
  }

  @Test
  void theDefaultPageFiltersActiveResidentialAndRentalDisplayableSortedByModified()
      throws Exception {
    same(
        json(
            "{'query':{'bool':{'filter':["
                + "{'term':{'status':'Active'}},"
                + "{'terms':{'type':['RES','CND','RNT']}}],"
                + "'must_not':[{'term':{'address_display':false}},"
                + "{'term':{'listing_display':false}}]}},"
                + "'size':20,"
                + "'sort':[{'modified':{'order':'desc','missing':'_last'}},{'mls_id':'asc'}],"
                + "'from':0,'track_total_hits':false,'_source':['doc']}"),
        search(""));
  }

  @Test
  void theSearchFormBecomesTermAndRangeFilters() throws Exception {
    JsonNode filter =
        search("cities=Sugar%20Land&minprice=100000&maxprice=250000&minbeds=3")
            .path("query")
            .path("bool")
            .path("filter");
    same(
        json(
            "[{'term':{'status':'Active'}},"
                + "{'terms':{'type':['RES','CND','RNT']}},"
                + "{'range':{'list_price':{'gte':100000.0,'lte':250000.0}}},"
                + "{'range':{'beds':{'gte':3}}},"
                + "{'term':{'city':'sugar land'}}]"),
        filter);
  }

  @Test
  void theCursorPagesWithSearchAfterInMlsIdOrderAndCountTracksTotalHits() throws Exception {
    JsonNode body = search("lastId=42&limit=500&count=true");
    same(json("[{'mls_id':'asc'}]"), body.path("sort"));
    same(json("[42]"), body.path("search_after"));
    assertEquals(500, body.path("size").asInt());
    assertEquals(true, body.path("from").isMissingNode());
    assertEquals(true, body.path("track_total_hits").asBoolean());
  }

  @Test
  void anAscendingSortStillPutsListingsWithoutTheKeyLast() throws Exception {
    same(
        json("[{'list_price':{'order':'asc','missing':'_last'}},{'mls_id':'asc'}]"),
        search("sort=listprice&offset=40").path("sort"));
    assertEquals(40, search("sort=listprice&offset=40").path("from").asInt());
  }

  @Test
  void keywordsMatchEveryWordWithTheLastAsPrefixAndValuesAreOred() throws Exception {
    same(
        json(
            "{'bool':{'should':["
                + "{'bool':{'filter':[{'term':{'keywords':'waugh'}},"
                + "{'prefix':{'keywords':'dr'}}]}},"
                + "{'bool':{'filter':[{'prefix':{'keywords':'77429'}}]}}],"
                + "'minimum_should_match':1}}"),
        OpenSearchQueries.keywords(List.of("Waugh Dr", "77429")));
    same(
        json(
            "{'bool':{'should':[{'bool':{'filter':[{'term':{'keywords':'abcdefghijklmnopq'}}]}}],"
                + "'minimum_should_match':1}}"),
        OpenSearchQueries.keywords(List.of("abcdefghijklmnopq")));
    same(json("{'match_none':{}}"), OpenSearchQueries.keywords(List.of("--")));
  }

  @Test
  void aMapPolygonBecomesAGeoPolygonOnThePoint() throws Exception {
    JsonNode filter =
        search("points=29.7,-95.4&points=29.8,-95.4&points=29.8,-95.3")
            .path("query")
            .path("bool")
            .path("filter");
    same(
        json(
            "{'geo_polygon':{'geo':{'points':[{'lat':29.7,'lon':-95.4},"
                + "{'lat':29.8,'lon':-95.4},{'lat':29.8,'lon':-95.3}]}}}"),
        filter.get(filter.size() - 1));
  }

  @Test
  void aRadiusBecomesAGeoDistanceInMetresWithTheSameSortAndCount() throws Exception {
    JsonNode body = search("radius=29.7%2C-95.4%2C2mi&count=true");
    JsonNode filter = body.path("query").path("bool").path("filter");
    // 2 statute miles of 1,609.344 m
    same(
        json("{'geo_distance':{'distance':'3218.688m','geo':{'lat':29.7,'lon':-95.4}}}"),
        filter.get(filter.size() - 1));
    same(
        json("[{'modified':{'order':'desc','missing':'_last'}},{'mls_id':'asc'}]"),
        body.path("sort"));
    assertEquals(true, body.path("track_total_hits").asBoolean());
  }

  @Test
  void aBboxBecomesAGeoBoundingBoxFromItsNorthWestToItsSouthEastCorner() throws Exception {
    JsonNode filter =
        search("bbox=-95.5%2C29.6%2C-95.3%2C29.8").path("query").path("bool").path("filter");
    same(
        json(
            "{'geo_bounding_box':{'geo':{'top_left':{'lat':29.8,'lon':-95.5},"
                + "'bottom_right':{'lat':29.6,'lon':-95.3}}}}"),
        filter.get(filter.size() - 1));
  }

  @Test
  void oneListingIsATermOnItsMlsIdUnderTheDisplayRule() throws Exception {
    same(
        json(
            "{'query':{'bool':{'filter':[{'term':{'mls_id':7}}],"
                + "'must_not':[{'term':{'listing_display':false}}]}},"
                + "'size':1,'track_total_hits':false,'_source':['doc']}"),
        OpenSearchQueries.listing(7, IdxRule.LISTING));
    same(
        json(
            "{'query':{'bool':{'filter':[{'term':{'mls_id':7}}]}},"
                + "'size':1,'track_total_hits':false,'_source':['doc']}"),
        OpenSearchQueries.listing(7, IdxRule.IGNORE));
  }

  @Test
  void filtersThePeerCannotTranslateAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> search("features=Pool"));
  }

  @Test
  void analyticsAskForNoHitsTheExactCountAndOneAggregationPerStatistic() throws Exception {
    FilterValues filter = new AnalyticsRequestParser().filter(Params.parse("cities=Houston"));
    JsonNode body = OpenSearchQueries.analytics(filter);
    assertEquals(0, body.path("size").asInt());
    assertEquals(true, body.path("track_total_hits").asBoolean());
    same(
        json(
            "{'price':{'stats':{'field':'list_price'}},"
                + "'median':{'percentiles':{'field':'list_price','percents':[50]}},"
                + "'area':{'avg':{'field':'area'}},"
                + "'beds':{'avg':{'field':'beds'}},"
                + "'baths_full':{'avg':{'field':'baths_full'}},"
                + "'lot_size_area':{'avg':{'field':'lot_size_area'}},"
                + "'year_built':{'avg':{'field':'year_built'}},"
                + "'price_per_sqft':{'avg':{'field':'price_per_sqft'}},"
                + "'days_on_market':{'avg':{'field':'days_on_market'}},"
                + "'mls_area':{'terms':{'field':'mls_area','size':10000}},"
                + "'status':{'terms':{'field':'status','size':10000}},"
                + "'type':{'terms':{'field':'type','size':10000}},"
                + "'city_display':{'terms':{'field':'city_display','size':10000}}}"),
        body.path("aggs"));
    JsonNode conditions = body.path("query").path("bool").path("filter");
    same(json("{'term':{'city':'houston'}}"), conditions.get(conditions.size() - 1));
  }

  @Test
  void thePriceHistogramHasBucketsOfTheGivenWidthEmptyOnesKept() throws Exception {
    FilterValues filter = new AnalyticsRequestParser().filter(Params.parse("cities=Houston"));
    JsonNode body = OpenSearchQueries.priceHistogram(filter, 50000.0);
    same(
        json(
            "{'prices':{'histogram':{'field':'list_price','interval':50000.0,"
                + "'min_doc_count':0}}}"),
        body.path("aggs"));
    assertEquals(0, body.path("size").asInt());
    assertEquals(false, body.path("track_total_hits").asBoolean());
  }

  @Test
  void clustersGroupTheViewportsMatchesByTileAsHistogramsOfTheirZoom30Tile() throws Exception {
    ClusterRequestParser.ClusterParams request =
        new ClusterRequestParser().parse(Params.parse("bbox=-95.5%2C29.6%2C-95.3%2C29.8&zoom=13"));
    // the default precision is 2: tiles of zoom 15, 2^15 columns of zoom 30 wide
    JsonNode body = OpenSearchQueries.clusters(request.filter(), 15);
    JsonNode conditions = body.path("query").path("bool").path("filter");
    same(
        json(
            "{'geo_bounding_box':{'geo':{'top_left':{'lat':29.8,'lon':-95.5},"
                + "'bottom_right':{'lat':29.6,'lon':-95.3}}}}"),
        conditions.get(conditions.size() - 1));
    assertEquals(0, body.path("size").asInt());
    same(
        json(
            "{'columns':{'histogram':{'field':'tile_x','interval':32768,'min_doc_count':1},"
                + "'aggs':{'rows':{'histogram':{'field':'tile_y','interval':32768,"
                + "'min_doc_count':1},"
                + "'aggs':{'parts':{'filters':{'filters':{"
                + "'shown':{'bool':{'must_not':[{'term':{'address_display':false}}]}},"
                + "'hidden':{'term':{'address_display':false}}}},"
                + "'aggs':{'min_price':{'min':{'field':'list_price'}},"
                + "'max_price':{'max':{'field':'list_price'}},"
                + "'first_id':{'min':{'field':'mls_id'}}}}}}}}}"),
        body.path("aggs"));
    assertEquals(
        1,
        OpenSearchQueries.clusters(request.filter(), 30)
            .at("/aggs/columns/histogram/interval")
            .asLong());
  }

  @Test
  void openHousesOfACityAreResidentialDisplayableAndSortedByStartTime() throws Exception {
    same(
        json(
            "{'query':{'bool':{'filter':["
                + "{'terms':{'type':['RES','CND']}},"
                + "{'term':{'city':'houston'}}],"
                + "'must_not':[{'term':{'address_display':false}},"
                + "{'term':{'listing_display':false}}]}},"
                + "'size':12,"
                + "'sort':[{'start_time':{'order':'asc','missing':'_last'}},"
                + "{'open_house_key':'asc'}],"
                + "'from':0,'track_total_hits':false,'_source':['doc']}"),
        OpenSearchQueries.openHouses(
            new OpenHouseRequestParser(10_000).parse(Params.parse("cities=Houston"))));
  }

  @Test
  void openHouseFiltersThePeerCannotTranslateAreRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            OpenSearchQueries.openHouses(
                new OpenHouseRequestParser(10_000).parse(Params.parse("agent=A1"))));
  }
}
