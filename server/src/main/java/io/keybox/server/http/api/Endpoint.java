package io.keybox.server.http.api;

import java.util.List;

/**
 * One operation the server answers, as its router declares it.
 *
 * @param method the HTTP method, e.g. {@code GET}
 * @param path the path template, e.g. {@code /properties/{mlsId}}
 * @param parameters the query parameters the operation reads (any others are ignored)
 */
public record Endpoint(String method, String path, List<String> parameters) {
  public Endpoint {
    parameters = List.copyOf(parameters);
  }
}
