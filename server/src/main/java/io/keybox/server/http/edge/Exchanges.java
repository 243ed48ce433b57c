package io.keybox.server.http.edge;

import io.keybox.server.auth.Account;
import io.keybox.server.query.Params;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;

/** What the handler chain attaches to an exchange for the handlers further in. */
public final class Exchanges {
  public static final AttachmentKey<Account> ACCOUNT = AttachmentKey.create(Account.class);
  public static final AttachmentKey<MediaType> MEDIA_TYPE = AttachmentKey.create(MediaType.class);
  public static final AttachmentKey<String> REQUEST_ID = AttachmentKey.create(String.class);
  public static final AttachmentKey<Params> PARAMS = AttachmentKey.create(Params.class);

  private Exchanges() {}

  /** The authenticated account; set by {@link AuthHandler}. */
  public static Account account(HttpServerExchange exchange) {
    Account account = exchange.getAttachment(ACCOUNT);
    if (account == null) {
      throw new IllegalStateException("no authenticated account on this exchange");
    }
    return account;
  }

  /**
   * The query parameters, readable by the names the route declares; set by {@link
   * io.keybox.server.http.api.Router}.
   */
  public static Params params(HttpServerExchange exchange) {
    Params params = exchange.getAttachment(PARAMS);
    if (params == null) {
      throw new IllegalStateException("no routed parameters on this exchange");
    }
    return params;
  }

  /** The negotiated media type; set by {@link EdgeHandler}. */
  public static MediaType mediaType(HttpServerExchange exchange) {
    MediaType type = exchange.getAttachment(MEDIA_TYPE);
    return type == null ? MediaType.JSON : type;
  }
}
