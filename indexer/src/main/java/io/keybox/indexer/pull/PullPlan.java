package io.keybox.indexer.pull;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What one pull asks the MLS for.
 *
 * @param serviceRoot the OData service root, e.g. {@code https://api.mlsgrid.com/v2}
 * @param resources the resources to read, Property first; OpenHouse and Member optional
 * @param filter an OData filter ANDed into every request (e.g. {@code OriginatingSystemName eq
 *     'mred'}), if any
 * @param pageSize {@code $top}, the records per page
 * @param since empty for a full pull; else the high-water mark of the last published pull, and the
 *     pull reads what changed after it (less {@link #OVERLAP}, for clocks and commits in flight)
 * @param mlsGrid the server is MLS Grid: a full pull reads only {@code MlgCanView eq true}, an
 *     incremental one also the withdrawn records (their delete signal)
 */
public record PullPlan(
    URI serviceRoot,
    List<String> resources,
    Optional<String> filter,
    int pageSize,
    Optional<Instant> since,
    boolean mlsGrid) {
  /** How far before the high-water mark an incremental pull starts. */
  public static final Duration OVERLAP = Duration.ofMinutes(1);

  /** The resources a pull knows how to index. */
  public static final List<String> KNOWN = List.of("Property", "OpenHouse", "Member");

  public PullPlan {
    Objects.requireNonNull(serviceRoot, "serviceRoot");
    resources = List.copyOf(resources);
    if (!resources.contains("Property")) {
      throw new IllegalArgumentException(
          "resources must include Property (got: " + resources + ")");
    }
    for (String resource : resources) {
      if (!KNOWN.contains(resource)) {
        throw new IllegalArgumentException(
            "unknown resource '" + resource + "'; allowed: " + String.join(", ", KNOWN));
      }
    }
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(since, "since");
    if (pageSize < 1) {
      throw new IllegalArgumentException("pageSize must be >= 1 (got: " + pageSize + ")");
    }
  }

  /** Whether a service root is MLS Grid's, by its host name. */
  public static boolean isMlsGrid(URI serviceRoot) {
    String host = serviceRoot.getHost();
    return host != null
        && (host.toLowerCase(Locale.ROOT).equals("mlsgrid.com")
            || host.toLowerCase(Locale.ROOT).endsWith(".mlsgrid.com"));
  }

  /** The {@code $filter} of every request of this pull, if any. */
  public Optional<String> odataFilter() {
    List<String> terms = new ArrayList<>();
    since.ifPresent(s -> terms.add("ModificationTimestamp gt " + s.minus(OVERLAP)));
    if (mlsGrid && since.isEmpty()) {
      terms.add("MlgCanView eq true");
    }
    filter.ifPresent(f -> terms.add(terms.isEmpty() ? f : "(" + f + ")"));
    return terms.isEmpty() ? Optional.empty() : Optional.of(String.join(" and ", terms));
  }

  /** The first page's URL of {@code resource}. */
  public URI firstPage(String resource) {
    String root = serviceRoot.toString().replaceAll("/+$", "");
    StringBuilder url = new StringBuilder(root).append('/').append(resource).append('?');
    odataFilter().ifPresent(f -> url.append("$filter=").append(encode(f)).append('&'));
    url.append("$top=").append(pageSize);
    return URI.create(url.toString());
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
