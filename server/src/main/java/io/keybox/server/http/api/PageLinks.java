package io.keybox.server.http.api;

import io.keybox.server.http.write.Responses;
import io.keybox.server.query.Paging;
import io.keybox.server.search.PageHits;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code Link} and {@code X-Total-Count} headers of a page of listings, open houses or agents,
 * by the rules of API.md §7: offset mode links {@code offset}/{@code limit}; cursor mode links
 * {@code lastId}/{@code limit}.
 */
final class PageLinks {
  private PageLinks() {}

  /** The Link header of {@code hits}, when there is a link, and X-Total-Count when counted. */
  static Map<HttpString, String> headers(
      HttpServerExchange exchange, BaseUrls baseUrls, Paging paging, PageHits hits) {
    Map<HttpString, String> headers = new LinkedHashMap<>();
    LinkHeader links =
        new LinkHeader(baseUrls.of(exchange), exchange.getRequestPath(), exchange.getQueryString());
    String limit = Integer.toString(paging.limit());
    if (paging.lastId().isPresent()) {
      hits.previousLastId()
          .ifPresent(prev -> links.add("prev", paging("lastId", Long.toString(prev), limit)));
      if (hits.hasMore()) {
        links.add("next", paging("lastId", Long.toString(hits.lastKey().getAsLong()), limit));
      }
    } else {
      if (paging.offset() > 0) {
        int prev = Math.max(0, paging.offset() - paging.limit());
        links.add("prev", paging("offset", Integer.toString(prev), limit));
      }
      if (hits.hasMore()) {
        links.add(
            "next", paging("offset", Integer.toString(paging.offset() + paging.limit()), limit));
      }
    }
    if (!links.isEmpty()) {
      headers.put(Responses.LINK, links.value());
    }
    hits.total().ifPresent(total -> headers.put(Responses.TOTAL_COUNT, Long.toString(total)));
    return headers;
  }

  /**
   * A link's paging parameters in a fixed order, position first: those the request did not carry
   * are appended in this order. NOTE: not {@code Map.of}, whose iteration order changes from one
   * JVM to the next, so two servers behind one CDN would build two URLs for one request.
   */
  private static Map<String, String> paging(String position, String value, String limit) {
    Map<String, String> paging = new LinkedHashMap<>();
    paging.put(position, value);
    paging.put("limit", limit);
    return paging;
  }
}
