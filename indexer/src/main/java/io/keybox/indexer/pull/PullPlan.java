package io.keybox.indexer.pull;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one pull asks the MLS for.
 *
 * @param serviceRoot the OData service root, e.g. {@code https://api.mlsgrid.com/v2}
 * @param resources the resources to read, Property first; OpenHouse and Member optional
 * @param filter an OData filter ANDed into every request (e.g. {@code OriginatingSystemName eq
 *     'mred'}), if any
 * @param pageSize the records per page: {@code Prefer: odata.maxpagesize} or {@code $top}, as
 *     {@code paging} says
 * @param paging how pages are asked for
 * @param incremental read only what changed since the marks, applied as upserts and deletes
 * @param since per resource, the high-water mark of the last published pull; an incremental pull
 *     reads what changed after it (less {@link #OVERLAP}, for clocks and commits in flight); a
 *     resource without a mark is read whole
 * @param mlsGrid the server is MLS Grid: a full pull reads only {@code MlgCanView eq true}, an
 *     incremental one also the withdrawn records (their delete signal)
 * @param expandMedia Property records are asked with their photos ({@code $expand=Media}), which
 *     the server advertises; else, when {@code resources} holds {@link Resource#MEDIA}, the photos
 *     come from the Media resource ({@link #withMediaResource})
 */
public record PullPlan(
    URI serviceRoot,
    List<Resource> resources,
    Optional<String> filter,
    int pageSize,
    Paging paging,
    boolean incremental,
    Map<Resource, Instant> since,
    boolean mlsGrid,
    boolean expandMedia) {
  /** How far before the high-water mark an incremental pull starts. */
  public static final Duration OVERLAP = Duration.ofMinutes(1);

  public PullPlan {
    Objects.requireNonNull(serviceRoot, "serviceRoot");
    resources = List.copyOf(resources);
    if (!resources.contains(Resource.PROPERTY)) {
      throw new IllegalArgumentException(
          "resources must include Property (got: " + resources + ")");
    }
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(paging, "paging");
    since = Map.copyOf(since);
    if (!incremental && !since.isEmpty()) {
      throw new IllegalArgumentException("a full pull has no marks (got: " + since + ")");
    }
    if (pageSize < 1) {
      throw new IllegalArgumentException("pageSize must be >= 1 (got: " + pageSize + ")");
    }
  }

  /** This plan, asking Property records with their Media or not. */
  public PullPlan withExpandMedia(boolean expand) {
    return new PullPlan(
        serviceRoot, resources, filter, pageSize, paging, incremental, since, mlsGrid, expand);
  }

  /**
   * This plan, reading the listings' photos from the Media resource ({@code ResourceName eq
   * 'Property'}, incrementally by MediaModificationTimestamp) for a server that cannot expand them.
   */
  public PullPlan withMediaResource() {
    List<Resource> all = new ArrayList<>(resources);
    if (!all.contains(Resource.MEDIA)) {
      all.add(Resource.MEDIA);
    }
    return new PullPlan(
        serviceRoot, all, filter, pageSize, paging, incremental, since, mlsGrid, false);
  }

  /** Whether a service root is MLS Grid's, by its host name. */
  public static boolean isMlsGrid(URI serviceRoot) {
    String host = serviceRoot.getHost();
    return host != null
        && (host.toLowerCase(Locale.ROOT).equals("mlsgrid.com")
            || host.toLowerCase(Locale.ROOT).endsWith(".mlsgrid.com"));
  }

  /** The {@code $filter} of every request for {@code resource}, if any. */
  public Optional<String> odataFilter(Resource resource) {
    List<String> terms = new ArrayList<>();
    if (resource == Resource.MEDIA) {
      terms.add(PROPERTY_MEDIA);
    }
    Instant mark = since.get(resource);
    if (mark != null) {
      terms.add(resource.timestampField() + " gt " + mark.minus(OVERLAP));
    }
    if (mlsGrid && !incremental) {
      terms.add("MlgCanView eq true");
    }
    filter.ifPresent(f -> terms.add(terms.isEmpty() ? f : "(" + f + ")"));
    return terms.isEmpty() ? Optional.empty() : Optional.of(String.join(" and ", terms));
  }

  /**
   * The first page's URL of {@code resource}: its filter, {@code $expand=Media} for Property when
   * asked, {@code $count=true} (so the pull can check it received everything) and, in {@link
   * Paging#TOP} mode, {@code $top}.
   */
  public URI firstPage(Resource resource) {
    return firstPage(resource, true);
  }

  /** The first page's URL of {@code resource}, asking {@code $count=true} or not. */
  public URI firstPage(Resource resource, boolean count) {
    StringBuilder url = new StringBuilder(root()).append('/').append(resource.odataName());
    url.append('?');
    odataFilter(resource).ifPresent(f -> url.append("$filter=").append(encode(f)).append('&'));
    if (expandMedia && resource == Resource.PROPERTY) {
      url.append("$expand=Media&");
    }
    if (paging == Paging.TOP) {
      url.append("$top=").append(pageSize).append('&');
    }
    if (count) {
      url.append("$count=true");
    }
    String text = url.toString();
    return URI.create(
        text.endsWith("&") || text.endsWith("?") ? text.substring(0, text.length() - 1) : text);
  }

  /**
   * The first page's URL of the records of {@code resource} that belong to the listings {@code
   * listingKeys}, whenever they changed: Property records by {@code ListingKey}, Media records by
   * {@code ResourceRecordKey}; with {@code $count=true}, the pull's filter and paging.
   */
  public URI keyedPage(Resource resource, List<String> listingKeys) {
    if (resource != Resource.PROPERTY && resource != Resource.MEDIA) {
      throw new IllegalArgumentException("only Property and Media are read by listing key");
    }
    if (listingKeys.isEmpty()) {
      throw new IllegalArgumentException("listingKeys is empty");
    }
    String field = resource == Resource.MEDIA ? "ResourceRecordKey" : "ListingKey";
    List<String> terms = new ArrayList<>();
    if (resource == Resource.MEDIA) {
      terms.add(PROPERTY_MEDIA);
    }
    terms.add(
        "("
            + String.join(
                " or ",
                listingKeys.stream()
                    .map(key -> field + " eq '" + key.replace("'", "''") + "'")
                    .toList())
            + ")");
    filter.ifPresent(f -> terms.add("(" + f + ")"));
    StringBuilder url = new StringBuilder(root()).append('/').append(resource.odataName());
    url.append("?$filter=").append(encode(String.join(" and ", terms))).append('&');
    if (paging == Paging.TOP) {
      url.append("$top=").append(pageSize).append('&');
    }
    return URI.create(url.append("$count=true").toString());
  }

  /** The Media records of listings, as the Media resource also holds those of agents, offices. */
  private static final String PROPERTY_MEDIA = "ResourceName eq 'Property'";

  /**
   * A request for the number of records of {@code resource} that match the pull's filter now,
   * answered with no records ({@code $top=0&$count=true}).
   */
  public URI countOnly(Resource resource) {
    StringBuilder url = new StringBuilder(root()).append('/').append(resource.odataName());
    url.append('?');
    odataFilter(resource).ifPresent(f -> url.append("$filter=").append(encode(f)).append('&'));
    url.append("$top=0&$count=true");
    return URI.create(url.toString());
  }

  /** The request headers of every page: the page size preference in {@link Paging#ODATA} mode. */
  public Map<String, String> pageHeaders() {
    return paging == Paging.ODATA ? Map.of("Prefer", "odata.maxpagesize=" + pageSize) : Map.of();
  }

  /**
   * {@code link} (an {@code @odata.nextLink}) as an absolute URL: OData resolves a relative one
   * against the service root (OData JSON Format 4.0 §4.6), which here is the folder holding the
   * entity sets.
   *
   * @throws IllegalArgumentException when it is no URL
   */
  public URI resolve(String link) {
    return URI.create(root() + "/").resolve(link.strip());
  }

  /**
   * What identifies this plan for resuming an interrupted pull: a staged page may be continued only
   * by a pull that asks the same questions.
   */
  String fingerprint() {
    StringBuilder text =
        new StringBuilder(root())
            .append('|')
            .append(resources)
            .append('|')
            .append(filter.orElse(""))
            .append('|')
            .append(pageSize)
            .append('|')
            .append(paging)
            .append('|')
            .append(incremental)
            .append('|')
            .append(mlsGrid);
    Resource.ordered(since).forEach((r, m) -> text.append('|').append(r).append('=').append(m));
    return text.toString();
  }

  private String root() {
    return serviceRoot.toString().replaceAll("/+$", "");
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
