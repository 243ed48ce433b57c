package io.keybox.server.http.api;

import io.keybox.server.alerts.SavedSearchService;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.http.cache.ResponseCache;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.AgentRequestParser;
import io.keybox.server.query.AnalyticsRequestParser;
import io.keybox.server.query.ClusterRequestParser;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.Lookup;
import io.keybox.server.query.OpenHouseRequestParser;
import io.keybox.server.query.VendorParam;
import io.undertow.util.Methods;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The API's routes (API.md §7–§12): each operation with the query parameters its parser reads, plus
 * {@code vendor} on every operation that reads one vendor's data.
 */
public final class ApiRoutes {
  private ApiRoutes() {}

  /**
   * The router of every API operation over {@code indexes}, its searches, gets and analytics
   * answered from {@code cache} when it holds them.
   */
  public static Router router(ServerConfig config, VendorIndexes indexes, ResponseCache cache) {
    return router(config, indexes, cache, Optional.empty());
  }

  /**
   * As {@link #router(ServerConfig, VendorIndexes, ResponseCache)}, with the saved searches of
   * {@code searches} on {@code /searches} (a 404 naming {@code --alerts} when empty).
   */
  public static Router router(
      ServerConfig config,
      VendorIndexes indexes,
      ResponseCache cache,
      Optional<SavedSearchService> searches) {
    BaseUrls baseUrls = new BaseUrls(config.baseUrl(), config.behindProxy());
    PhotoLinks photos = new PhotoLinks(baseUrls, config.photos());
    ResourceHandlers<?, ?> listings =
        new ResourceHandlers<>(
            indexes,
            baseUrls,
            photos,
            cache,
            new ListingResource(new ListingRequestParser(config.offsetWindow())),
            "/properties",
            Optional.of("mlsId"));
    ResourceHandlers<?, ?> openHouses =
        new ResourceHandlers<>(
            indexes,
            baseUrls,
            photos,
            cache,
            new OpenHouseResource(new OpenHouseRequestParser(config.offsetWindow())),
            "/openhouses",
            Optional.of("openHouseKey"));
    ResourceHandlers<?, ?> agents =
        new ResourceHandlers<>(
            indexes,
            baseUrls,
            photos,
            cache,
            new AgentResource(new AgentRequestParser(config.offsetWindow())),
            "/agents",
            Optional.empty());
    AnalyticsHandlers analytics =
        new AnalyticsHandlers(indexes, new AnalyticsRequestParser(), cache);
    ClusterHandler clusters = new ClusterHandler(indexes, cache);
    MetadataHandlers metadata = new MetadataHandlers(indexes, Clock.systemUTC());
    SearchesHandlers saved = new SearchesHandlers(searches);
    return new Router()
        .add(Methods.OPTIONS, "/", List.of(), metadata::root)
        .add(
            Methods.GET,
            "/properties",
            vendorAnd(ListingRequestParser.PARAMETERS),
            listings::search)
        .add(Methods.OPTIONS, "/properties", vendorAnd(List.of()), metadata::properties)
        .add(
            Methods.GET,
            "/properties/analytics",
            vendorAnd(AnalyticsRequestParser.PARAMETERS),
            analytics::market)
        .add(
            Methods.GET,
            "/properties/clusters",
            vendorAnd(ClusterRequestParser.PARAMETERS),
            clusters::clusters)
        .add(Methods.GET, "/properties/{mlsId}", vendorAnd(Lookup.PARAMETERS), listings::get)
        .add(
            Methods.GET,
            "/properties/{mlsId}/analytics",
            vendorAnd(AnalyticsRequestParser.LISTING_PARAMETERS),
            analytics::listing)
        .add(
            Methods.GET,
            "/openhouses",
            vendorAnd(OpenHouseRequestParser.PARAMETERS),
            openHouses::search)
        .add(
            Methods.GET,
            "/openhouses/{openHouseKey}",
            vendorAnd(Lookup.PARAMETERS),
            openHouses::get)
        .add(Methods.GET, "/agents", vendorAnd(AgentRequestParser.PARAMETERS), agents::search)
        .add(Methods.POST, "/searches", List.of(), saved::create)
        .add(Methods.GET, "/searches", SearchesHandlers.PAGING, saved::list)
        .add(Methods.POST, "/searches/{id}/secret", List.of(), saved::rotateSecret)
        .add(Methods.GET, "/searches/{id}/deliveries", SearchesHandlers.PAGING, saved::deliveries)
        .add(Methods.GET, "/searches/{id}", List.of(), saved::get)
        .add(Methods.PATCH, "/searches/{id}", List.of(), saved::update)
        .add(Methods.DELETE, "/searches/{id}", List.of(), saved::delete);
  }

  private static List<String> vendorAnd(List<String> parameters) {
    return Stream.concat(parameters.stream(), Stream.of(VendorParam.NAME)).toList();
  }
}
