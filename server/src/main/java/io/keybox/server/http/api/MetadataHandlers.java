package io.keybox.server.http.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.schema.listing.ListingDim;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Addon;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.edge.MediaType;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.Lease;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.server.search.exec.ListingOptions;
import io.undertow.server.HttpServerExchange;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * {@code OPTIONS /} and {@code OPTIONS /properties} (API.md §12): what the caller's key may use,
 * and the distinct values of the vendor's current index. The value lists are computed once per
 * snapshot, in the background as soon as it is served ({@link
 * io.keybox.server.search.exec.ListingOptions#OF_SNAPSHOT}); a request copies them out, or waits
 * for them when it comes first.
 */
final class MetadataHandlers {
  /** How long clients may cache metadata. */
  static final Duration EXPIRES_AFTER = Duration.ofHours(24);

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final VendorIndexes indexes;
  private final Clock clock;

  MetadataHandlers(VendorIndexes indexes, Clock clock) {
    this.indexes = indexes;
    this.clock = clock;
  }

  /**
   * OPTIONS /: the key's vendors, their last refresh, its endpoints, the media types. NOTE: the
   * only request that leases several snapshots, one vendor after the other, each just long enough
   * to read its refresh time; it reads no vendor's data.
   */
  Reply root(HttpServerExchange exchange) throws Exception {
    Account account = Exchanges.account(exchange);
    ObjectNode body = NODES.objectNode();
    ArrayNode vendors = body.putArray("vendors");
    ObjectNode updates = body.putObject("updates");
    for (String vendor : account.vendors()) {
      vendors.add(vendor);
      // A vendor without an index yet has had no refresh: it is left out of "updates".
      if (indexes.has(vendor)) {
        try (Lease lease = indexes.lease(vendor)) {
          updates.put(vendor, time(lease.snapshot().refreshTime()));
        }
      }
    }
    ArrayNode endpoints = body.putArray("endpoints").add("/properties").add("/openhouses");
    if (account.has(Addon.AGENTS)) {
      endpoints.add("/agents");
    }
    ArrayNode accepts = body.putArray("accepts");
    for (MediaType type : MediaType.values()) {
      accepts.add(type.mediaType());
    }
    body.put("expires", expires());
    return JsonBodies.send(exchange, body);
  }

  /** OPTIONS /properties: the vendor's last refresh and the distinct values of each field. */
  Reply properties(HttpServerExchange exchange) throws Exception {
    Params params = Exchanges.params(exchange);
    String vendor = VendorParam.resolve(Exchanges.account(exchange), params);
    try (Lease lease = indexes.lease(vendor)) {
      ListingOptions options = lease.snapshot().derived(ListingOptions.OF_SNAPSHOT);
      ObjectNode body = NODES.objectNode();
      body.put("lastUpdate", time(lease.snapshot().refreshTime()));
      body.put("expires", expires());
      ObjectNode fields = body.putObject("fields");
      for (ListingDim dim : ListingDim.values()) {
        if (dim.optionsKey().isPresent()) {
          ArrayNode values = fields.putArray(dim.optionsKey().get());
          options.of(dim).forEach(values::add);
        }
      }
      Responses.lastUpdate(exchange, lease.snapshot().refreshTime());
      return JsonBodies.send(exchange, body);
    }
  }

  private String expires() {
    return time(clock.instant().plus(EXPIRES_AFTER));
  }

  private static String time(Instant instant) {
    return instant.truncatedTo(ChronoUnit.MILLIS).toString();
  }
}
