package io.keybox.server.http.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.server.auth.Account;
import io.keybox.server.auth.Addon;
import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.BearerTokens;
import io.keybox.server.error.AccessDeniedException;
import io.keybox.server.error.ApiException;
import io.keybox.server.error.NotFoundException;
import io.keybox.server.http.ServerConfig;
import io.keybox.server.http.edge.Exchanges;
import io.keybox.server.http.edge.TokenForm;
import io.keybox.server.http.write.JsonBodies;
import io.keybox.server.http.write.Reply;
import io.keybox.server.http.write.ReplySender;
import io.keybox.server.http.write.Responses;
import io.keybox.server.index.VendorIndexes;
import io.keybox.server.reso.ODataVersions;
import io.keybox.server.reso.ResoReply;
import io.keybox.server.reso.ResoRequest;
import io.keybox.server.reso.ResoService;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The RESO Web API's HTTP side: {@code GET /reso/{vendor}/...} goes to the {@link ResoService} (the
 * caller must be allowed the vendor, as with {@code vendor} on the JSON API, and {@code Member}
 * needs the agents add-on, as {@code /agents} does: else 403; Media's URLs are the JSON API's photo
 * links, {@link PhotoLinks}), anything else to the JSON API's router. Every RESO answer carries
 * {@code OData-Version}: 4.0, or 4.01 when the request asks for it ({@link ODataVersions}); its
 * errors are written in OData's format by the edge ({@link Responses#error}).
 *
 * <p>NOTE: the RESO paths are not routes of the {@link Router}: they are OData's (any resource, key
 * and option below a service root, parsed by Olingo), and the OpenAPI document stays the JSON
 * API's.
 */
public final class ResoRoutes implements HttpHandler {
  private static final Pattern ROOT = Pattern.compile("/reso/([^/]+)(?:/(.*))?");
  private static final Pattern MAX_PAGE_SIZE =
      Pattern.compile("(?i)(?:^|[,;\\s])odata\\.maxpagesize\\s*=\\s*\"?(\\d{1,9})\"?");
  private static final Pattern MEMBER = Pattern.compile("Member\\b");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpString PREFER = new HttpString("Prefer");
  private static final HttpString ODATA_MAX_VERSION = new HttpString("OData-MaxVersion");

  /**
   * Makes the service on the first RESO request: building Olingo's model and the {@code $metadata}
   * document takes about 0.3 s in a JVM without the class-data archive, and made the bench's server
   * start 12% slower (636 to 714 ms, medians) with it; a site that never asks RESO would pay that
   * on every start.
   */
  private final Supplier<ResoService> newService;

  private volatile ResoService reso;
  private final BaseUrls baseUrls;
  private final PhotoLinks photoLinks;
  private final Authenticator authenticator;
  private final HttpHandler api;

  /**
   * {@code api} with the RESO Web API of {@code indexes} in front of it: {@code $skip} goes as deep
   * as the JSON API's {@code offset} ({@code offsetWindow}), links use its base URL.
   */
  public static HttpHandler before(
      HttpHandler api, ServerConfig config, VendorIndexes indexes, Authenticator authenticator) {
    BaseUrls baseUrls = new BaseUrls(config.baseUrl(), config.behindProxy());
    return new ResoRoutes(
        () -> new ResoService(indexes, config.offsetWindow()),
        baseUrls,
        new PhotoLinks(baseUrls, config.photos()),
        authenticator,
        api);
  }

  private ResoRoutes(
      Supplier<ResoService> newService,
      BaseUrls baseUrls,
      PhotoLinks photoLinks,
      Authenticator authenticator,
      HttpHandler api) {
    this.newService = newService;
    this.authenticator = authenticator;
    this.baseUrls = baseUrls;
    this.photoLinks = photoLinks;
    this.api = api;
  }

  private ResoService service() {
    ResoService made = reso;
    if (made == null) {
      synchronized (this) {
        made = reso;
        if (made == null) {
          made = newService.get();
          reso = made;
        }
      }
    }
    return made;
  }

  @Override
  public void handleRequest(HttpServerExchange exchange) throws Exception {
    if (exchange.getRelativePath().equals(TokenForm.PATH)) {
      ReplySender.send(exchange, token(exchange));
      return;
    }
    if (!Responses.isReso(exchange)) {
      api.handleRequest(exchange);
      return;
    }
    exchange.getResponseHeaders().put(Responses.ODATA_VERSION, ResoService.ODATA_VERSION);
    Matcher root = ROOT.matcher(exchange.getRelativePath());
    if (!root.matches()) {
      throw new NotFoundException("no RESO service root at " + exchange.getRelativePath());
    }
    if (!exchange.getRequestMethod().equals(Methods.GET)) {
      exchange.getResponseHeaders().put(Headers.ALLOW, "GET");
      throw ApiException.methodNotAllowed(
          exchange.getRequestMethod() + " is not allowed on the RESO Web API; allowed: GET");
    }
    String vendor = root.group(1);
    String path = root.group(2) == null ? "" : root.group(2);
    Account account = Exchanges.account(exchange);
    if (!account.mayRead(vendor)) {
      throw new AccessDeniedException("vendor '" + vendor + "' is not available to this key");
    }
    if (MEMBER.matcher(path).lookingAt() && !account.has(Addon.AGENTS)) {
      // The agents of /agents, in RESO's words: the same grant.
      throw ApiException.forbidden(
          "the " + Addon.AGENTS.wireName() + " add-on is not enabled for this key");
    }
    ODataVersions versions =
        ODataVersions.of(
            Optional.ofNullable(exchange.getRequestHeaders().getFirst(Responses.ODATA_VERSION)),
            Optional.ofNullable(exchange.getRequestHeaders().getFirst(ODATA_MAX_VERSION)));
    exchange.getResponseHeaders().put(Responses.ODATA_VERSION, versions.response());
    ResoRequest request =
        new ResoRequest(
            vendor,
            baseUrls.of(exchange) + "/reso/" + vendor,
            path,
            exchange.getQueryString(),
            maxPageSize(exchange.getRequestHeaders().get(PREFER)),
            photoLinks.of(exchange, vendor),
            account.has(Addon.AGENTS),
            versions);
    ResoReply[] answer = new ResoReply[1];
    List<ByteBuffer> body = JsonBodies.written(out -> answer[0] = service().answer(request, out));
    Reply reply = new Reply(200, Map.of(Headers.CONTENT_TYPE, answer[0].contentType()), body);
    for (var header : answer[0].headers().entrySet()) {
      reply = reply.with(new HttpString(header.getKey()), header.getValue());
    }
    ReplySender.send(exchange, reply);
  }

  /**
   * {@code POST /oauth2/token}: a bearer token for the authenticated key (its credentials came as
   * HTTP Basic or in the form, {@link TokenForm}).
   */
  private Reply token(HttpServerExchange exchange) throws IOException {
    if (!exchange.getRequestMethod().equals(Methods.POST)) {
      exchange.getResponseHeaders().put(Headers.ALLOW, "POST");
      throw ApiException.methodNotAllowed(
          exchange.getRequestMethod() + " is not allowed on " + TokenForm.PATH + "; allowed: POST");
    }
    String grant = exchange.getAttachment(TokenForm.GRANT_TYPE);
    if (!"client_credentials".equals(grant)) {
      throw ApiException.badRequest(
          "grant_type: only client_credentials is supported (got: '" + grant + "')");
    }
    BearerTokens tokens =
        authenticator
            .bearerTokens()
            .orElseThrow(
                () ->
                    ApiException.notFound(
                        "this server issues no bearer tokens (serve --token-key); use HTTP Basic"));
    BearerTokens.Issued issued = tokens.issue(Exchanges.account(exchange).key());
    ObjectNode body =
        JSON.createObjectNode()
            .put("access_token", issued.token())
            .put("token_type", "Bearer")
            .put("expires_in", issued.expiresInSeconds());
    return Reply.of(200, "application/json; charset=utf-8", JSON.writeValueAsBytes(body))
        .with(Headers.CACHE_CONTROL, "no-store");
  }

  private static OptionalInt maxPageSize(Iterable<String> prefer) {
    if (prefer != null) {
      for (String line : prefer) {
        Matcher m = MAX_PAGE_SIZE.matcher(line);
        if (m.find()) {
          return OptionalInt.of(Integer.parseInt(m.group(1)));
        }
      }
    }
    return OptionalInt.empty();
  }
}
