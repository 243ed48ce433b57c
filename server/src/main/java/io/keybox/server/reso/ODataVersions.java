package io.keybox.server.reso;

import io.keybox.server.error.InvalidRequestException;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/**
 * The OData version a request is read in and the one its answer is written in, from its {@code
 * OData-Version} and {@code OData-MaxVersion} headers (OData 4.01 Part 1, §8.2.6 and §8.2.7). The
 * service speaks 4.0 and 4.01; 4.01 adds {@code in} to {@code $filter}, and nothing else the view
 * serves differs.
 *
 * <ul>
 *   <li>A request is read in the version its {@code OData-Version} names; without one, in the lower
 *       of its {@code OData-MaxVersion} and 4.01 (the highest the service speaks); with neither, in
 *       4.0, the version the service has always answered (OData-MaxVersion's rule for a client that
 *       names none: the service's initial default version).
 *   <li>The answer is written in the highest version the service speaks up to {@code
 *       OData-MaxVersion}; without one, in the version the request was read in.
 * </ul>
 *
 * @param request the version the request is read in: {@code 4.0} or {@code 4.01}
 * @param response the version of the answer (its {@code OData-Version} header)
 */
public record ODataVersions(String request, String response) {
  /** OData 4.0. */
  public static final String V4_0 = "4.0";

  /** OData 4.01. */
  public static final String V4_01 = "4.01";

  /** A request that names no version: read and answered in 4.0. */
  public static final ODataVersions DEFAULT = new ODataVersions(V4_0, V4_0);

  private static final BigDecimal LOWEST = new BigDecimal(V4_0);
  private static final BigDecimal HIGHEST = new BigDecimal(V4_01);

  public ODataVersions {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(response, "response");
  }

  /**
   * The versions of a request with these headers.
   *
   * @throws InvalidRequestException for an {@code OData-Version} other than 4.0 and 4.01, or an
   *     {@code OData-MaxVersion} that is not a version or is below 4.0
   */
  public static ODataVersions of(Optional<String> version, Optional<String> maxVersion) {
    Optional<BigDecimal> max = maxVersion.map(v -> number("OData-MaxVersion", v));
    max.filter(m -> m.compareTo(LOWEST) < 0)
        .ifPresent(
            m -> {
              throw new InvalidRequestException(
                  "OData-MaxVersion: this service answers OData 4.0 and 4.01 (got: "
                      + maxVersion.get().strip()
                      + ")");
            });
    String request;
    if (version.isPresent()) {
      request = version.get().strip();
      if (!request.equals(V4_0) && !request.equals(V4_01)) {
        throw new InvalidRequestException(
            "OData-Version: this service reads OData 4.0 and 4.01 (got: " + request + ")");
      }
    } else {
      request = max.filter(m -> m.compareTo(HIGHEST) >= 0).isPresent() ? V4_01 : V4_0;
    }
    String response = max.map(m -> m.compareTo(HIGHEST) >= 0 ? V4_01 : V4_0).orElse(request);
    return new ODataVersions(request, response);
  }

  /** Whether {@code $filter} takes {@code in}: the request is read in OData 4.01. */
  public boolean hasIn() {
    return request.equals(V4_01);
  }

  private static BigDecimal number(String header, String value) {
    try {
      return new BigDecimal(value.strip());
    } catch (NumberFormatException e) {
      throw new InvalidRequestException(
          header + ": a version such as 4.0 or 4.01 (got: " + value.strip() + ")");
    }
  }
}
