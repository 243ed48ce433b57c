package io.keybox.bench.mix;

import io.keybox.generator.GeneratorConfig;

/**
 * One request of the mix, as a website would send it.
 *
 * @param endpoint the resource
 * @param mlsId the listing of a {@link Endpoint#LISTING} request; 0 otherwise
 * @param query the raw (percent-encoded) query string, possibly empty; every system parses this
 *     same string
 */
public record BenchRequest(Endpoint endpoint, long mlsId, String query) {

  /** The request target of the HTTP request line: path and query. */
  public String pathAndQuery() {
    String path =
        switch (endpoint) {
          case SEARCH -> "/properties";
          case LISTING -> "/properties/" + mlsId;
          case OPEN_HOUSES -> "/openhouses";
          case ANALYTICS -> "/properties/analytics";
          case CLUSTERS -> "/properties/clusters";
          case RESO_PROPERTY -> "/reso/" + GeneratorConfig.DEFAULT_VENDOR + "/Property";
        };
    return query.isEmpty() ? path : path + "?" + query;
  }
}
