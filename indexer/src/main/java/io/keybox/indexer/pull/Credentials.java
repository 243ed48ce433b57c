package io.keybox.indexer.pull;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * How the client authenticates to the MLS: OAuth2 client credentials (a token fetched from the
 * token URL and refreshed before it expires) or a bearer token given as is. NOTE: {@code toString}
 * never shows the secret or the token.
 */
public sealed interface Credentials {
  /**
   * OAuth2 client credentials (RFC 6749 §4.4).
   *
   * @param tokenUrl the token endpoint
   * @param clientId the client id (not a secret; shown in errors)
   * @param clientSecret the client secret
   * @param scope the scope to ask for, if the server wants one (Trestle: {@code api})
   */
  record ClientCredentials(
      URI tokenUrl, String clientId, String clientSecret, Optional<String> scope)
      implements Credentials {
    public ClientCredentials {
      Objects.requireNonNull(tokenUrl, "tokenUrl");
      Objects.requireNonNull(clientId, "clientId");
      Objects.requireNonNull(clientSecret, "clientSecret");
      Objects.requireNonNull(scope, "scope");
    }

    @Override
    public String toString() {
      return "ClientCredentials[tokenUrl=" + tokenUrl + ", clientId=" + clientId + "]";
    }
  }

  /**
   * A long-lived bearer token, as MLS Grid and Bridge issue per data feed.
   *
   * @param token the token
   */
  record BearerToken(String token) implements Credentials {
    public BearerToken {
      Objects.requireNonNull(token, "token");
    }

    @Override
    public String toString() {
      return "BearerToken[redacted]";
    }
  }
}
