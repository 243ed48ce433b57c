package io.keybox.server.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.server.auth.Account;
import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import io.keybox.state.alerts.Delivery;
import io.keybox.state.alerts.Outbox;
import io.keybox.state.alerts.SavedSearch;
import io.keybox.state.alerts.SavedSearches;
import io.keybox.state.alerts.SearchChange;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The operations of {@code /searches} (issue 35, point 1) for one key at a time: bodies parsed
 * strictly (an unknown field, a wrong type, a bad value is a 400 naming the field), queries read by
 * the {@code /properties} parser ({@link SearchQuery}), webhooks checked ({@link WebhookTarget}),
 * and a key sees only its own searches (another key's is 404, as one that does not exist). The
 * secret is returned by {@link #create} and {@link #rotateSecret} only; elsewhere a hint.
 */
public final class SavedSearchService {
  /** The most characters of a search's name. */
  public static final int MAX_NAME = 200;

  /** The most characters of a search's query. */
  public static final int MAX_QUERY = 8192;

  private static final Set<String> CREATE_FIELDS =
      Set.of("name", "query", "webhook", "events", "vendor");
  private static final Set<String> PATCH_FIELDS =
      Set.of("name", "query", "webhook", "events", "enabled");
  private static final SecureRandom RANDOM = new SecureRandom();

  private final SavedSearches searches;
  private final Outbox outbox;
  private final WebhookTarget target;
  private final int maxPerKey;
  private final java.time.Clock clock;
  private final ObjectMapper json =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  public SavedSearchService(
      SavedSearches searches,
      Outbox outbox,
      WebhookTarget target,
      int maxPerKey,
      java.time.Clock clock) {
    this.clock = clock;
    this.searches = searches;
    this.outbox = outbox;
    this.target = target;
    this.maxPerKey = maxPerKey;
  }

  /** {@code POST /searches}: the stored search with its secret. */
  public ObjectNode create(Account account, byte[] body) {
    ObjectNode fields = object(body, CREATE_FIELDS);
    String name = name(required(fields, "name"));
    String query = query(required(fields, "query"));
    String webhook = webhook(required(fields, "webhook"));
    List<String> events = events(required(fields, "events"));
    List<Params.Param> vendor = new ArrayList<>();
    if (fields.has("vendor")) {
      vendor.add(new Params.Param(VendorParam.NAME, text(fields.get("vendor"), "vendor")));
    }
    String resolved = VendorParam.resolve(account, new Params(vendor));
    String secret = WebhookSignature.newSecret();
    SavedSearch search =
        searches
            .create(
                "ss_" + HexFormat.of().formatHex(randomBytes()),
                account.key(),
                resolved,
                name,
                query,
                webhook,
                events,
                secret,
                maxPerKey)
            .orElseThrow(
                () ->
                    new InvalidRequestException(
                        "this key has "
                            + maxPerKey
                            + " saved searches, the most it may have (--max-searches-per-key);"
                            + " delete one first"));
    return view(search).put("secret", secret);
  }

  /** {@code GET /searches}: a page of the key's searches, oldest first. */
  public ArrayNode page(Account account, int offset, int limit) {
    ArrayNode page = json.createArrayNode();
    for (SavedSearch search : searches.page(account.key(), offset, limit)) {
      page.add(view(search));
    }
    return page;
  }

  /** How many searches the key has. */
  public int count(Account account) {
    return searches.count(account.key());
  }

  /** {@code GET /searches/{id}}. */
  public ObjectNode get(Account account, String id) {
    return view(owned(account, id));
  }

  /** {@code PATCH /searches/{id}}. */
  public ObjectNode update(Account account, String id, byte[] body) {
    ObjectNode fields = object(body, PATCH_FIELDS);
    owned(account, id);
    SearchChange change =
        new SearchChange(
            optional(fields, "name").map(this::name),
            optional(fields, "query").map(this::query),
            optional(fields, "webhook").map(this::webhook),
            optional(fields, "events").map(this::events),
            optional(fields, "enabled").map(SavedSearchService::bool));
    return view(searches.update(account.key(), id, change).orElseThrow(() -> notFound(id)));
  }

  /** {@code DELETE /searches/{id}}. */
  public void delete(Account account, String id) {
    if (!searches.delete(account.key(), id)) {
      throw notFound(id);
    }
  }

  /** {@code POST /searches/{id}/secret}: the search with its new secret. */
  public ObjectNode rotateSecret(Account account, String id) {
    owned(account, id);
    String secret = WebhookSignature.newSecret();
    if (!searches.rotateSecret(account.key(), id, secret)) {
      throw notFound(id);
    }
    return get(account, id).put("secret", secret);
  }

  /** {@code GET /searches/{id}/deliveries}: the most recent first. */
  public ArrayNode deliveries(Account account, String id, int offset, int limit) {
    owned(account, id);
    ArrayNode list = json.createArrayNode();
    for (Delivery delivery : outbox.recent(id, offset, limit)) {
      ObjectNode row = list.addObject();
      row.put("id", delivery.id());
      row.put("state", delivery.state());
      row.put("attempts", delivery.attempts());
      row.put("listings", delivery.listings());
      row.put("generation", delivery.generation());
      row.put("created", delivery.created().toString());
      row.put("updated", delivery.updated().toString());
      if (delivery.nextAttempt().isPresent()) {
        row.put("nextAttempt", delivery.nextAttempt().get().toString());
      } else {
        row.putNull("nextAttempt");
      }
      if (delivery.lastStatus().isPresent()) {
        row.put("lastStatus", delivery.lastStatus().getAsInt());
      } else {
        row.putNull("lastStatus");
      }
      row.put("lastError", delivery.lastError().orElse(null));
    }
    return list;
  }

  /**
   * The alerts' part of {@code /-/health}: searches (all and enabled), deliveries by state, and the
   * age of the oldest undelivered one in seconds (null when none is pending).
   */
  public ObjectNode health() {
    ObjectNode health = json.createObjectNode();
    long[] totals = searches.totals();
    health.put("searches", totals[0]);
    health.put("enabledSearches", totals[1]);
    ObjectNode deliveries = health.putObject("deliveries");
    outbox.countsByState().forEach(deliveries::put);
    Optional<java.time.Instant> oldest = outbox.oldestPending();
    if (oldest.isPresent()) {
      health.put(
          "oldestPendingAgeSeconds",
          Math.max(0, java.time.Duration.between(oldest.get(), clock.instant()).toSeconds()));
    } else {
      health.putNull("oldestPendingAgeSeconds");
    }
    return health;
  }

  private SavedSearch owned(Account account, String id) {
    return searches.find(account.key(), id).orElseThrow(() -> notFound(id));
  }

  private static NotFoundException notFound(String id) {
    return new NotFoundException("saved search " + shorten(id) + " not found");
  }

  private ObjectNode view(SavedSearch search) {
    ObjectNode view = json.createObjectNode();
    view.put("id", search.id());
    view.put("name", search.name());
    view.put("vendor", search.vendor());
    view.put("query", search.query());
    view.put("webhook", search.webhook());
    ArrayNode events = view.putArray("events");
    search.events().forEach(events::add);
    view.put("enabled", search.enabled());
    view.put("disabledReason", search.disabledReason().orElse(null));
    view.put("failedDeliveriesInRow", search.failedInRow());
    view.put("secretHint", WebhookSignature.hint(search.secret()));
    view.put("created", search.created().toString());
    view.put("updated", search.updated().toString());
    return view;
  }

  private ObjectNode object(byte[] body, Set<String> allowed) {
    JsonNode tree;
    try {
      tree = json.readTree(body);
    } catch (JsonProcessingException e) {
      throw new InvalidRequestException("body: not valid JSON (" + e.getOriginalMessage() + ")");
    } catch (java.io.IOException e) {
      throw new InvalidRequestException("body: cannot be read");
    }
    if (tree == null || !tree.isObject()) {
      throw new InvalidRequestException("body: must be a JSON object");
    }
    for (Iterator<String> names = tree.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!allowed.contains(name)) {
        throw new InvalidRequestException(
            "body: unknown field '"
                + shorten(name)
                + "'; allowed: "
                + String.join(", ", allowed.stream().sorted().toList()));
      }
    }
    return (ObjectNode) tree;
  }

  private static JsonNode required(ObjectNode fields, String name) {
    JsonNode value = fields.get(name);
    if (value == null || value.isNull()) {
      throw new InvalidRequestException("body: '" + name + "' is required");
    }
    return value;
  }

  private static Optional<JsonNode> optional(ObjectNode fields, String name) {
    JsonNode value = fields.get(name);
    if (value != null && value.isNull()) {
      throw new InvalidRequestException("body: '" + name + "' must not be null");
    }
    return Optional.ofNullable(value);
  }

  private String name(JsonNode value) {
    String name = text(value, "name").strip();
    if (name.isEmpty() || name.length() > MAX_NAME) {
      throw new InvalidRequestException(
          "name: must be 1 to " + MAX_NAME + " characters (got: " + name.length() + ")");
    }
    return name;
  }

  private String query(JsonNode value) {
    String query = text(value, "query");
    if (query.length() > MAX_QUERY) {
      throw new InvalidRequestException("query: at most " + MAX_QUERY + " characters");
    }
    String bare = query.startsWith("?") ? query.substring(1) : query;
    SearchQuery.parse(bare); // the same 400 as /properties
    return bare;
  }

  private String webhook(JsonNode value) {
    String url = text(value, "webhook");
    target
        .checkForm(url)
        .ifPresent(
            refusal -> {
              throw new InvalidRequestException("webhook: " + refusal);
            });
    return url;
  }

  private List<String> events(JsonNode value) {
    if (!value.isArray() || value.isEmpty()) {
      throw new InvalidRequestException(
          "events: must be a non-empty array of " + String.join(", ", AlertEvent.wireNames()));
    }
    Set<String> events = new LinkedHashSet<>();
    for (JsonNode event : value) {
      String name = text(event, "events");
      if (AlertEvent.fromWireName(name).isEmpty()) {
        throw new InvalidRequestException(
            "events: unknown event '"
                + shorten(name)
                + "'; known: "
                + String.join(", ", AlertEvent.wireNames()));
      }
      events.add(name);
    }
    return List.copyOf(events);
  }

  private static boolean bool(JsonNode value) {
    if (!value.isBoolean()) {
      throw new InvalidRequestException("enabled: must be true or false");
    }
    return value.booleanValue();
  }

  private static String text(JsonNode value, String name) {
    if (!value.isTextual()) {
      throw new InvalidRequestException("body: '" + name + "' must be a string");
    }
    return value.textValue();
  }

  private static String shorten(String value) {
    return value.length() <= 64 ? value : value.substring(0, 64) + "...";
  }

  private static byte[] randomBytes() {
    byte[] bytes = new byte[12];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
