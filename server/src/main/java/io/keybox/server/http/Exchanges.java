package io.keybox.server.http;

import io.keybox.server.auth.Account;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;

/** What the handler chain attaches to an exchange for the handlers further in. */
final class Exchanges {
  static final AttachmentKey<Account> ACCOUNT = AttachmentKey.create(Account.class);
  static final AttachmentKey<MediaType> MEDIA_TYPE = AttachmentKey.create(MediaType.class);
  static final AttachmentKey<String> REQUEST_ID = AttachmentKey.create(String.class);

  private Exchanges() {}

  /** The authenticated account; set by {@link AuthHandler}. */
  static Account account(HttpServerExchange exchange) {
    Account account = exchange.getAttachment(ACCOUNT);
    if (account == null) {
      throw new IllegalStateException("no authenticated account on this exchange");
    }
    return account;
  }

  /** The negotiated media type; set by {@link EdgeHandler}. */
  static MediaType mediaType(HttpServerExchange exchange) {
    MediaType type = exchange.getAttachment(MEDIA_TYPE);
    return type == null ? MediaType.JSON : type;
  }
}
