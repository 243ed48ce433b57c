package io.keybox.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.bench.mix.Endpoint;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The identities of a JSON answer, for comparing systems: the mlsIds of a page of listings, the
 * mlsId of one listing, the openHouseIds of a page of open houses, the {@code totalCount} and the
 * minimum, maximum and median price of analytics, the {@code totalCount} and each cluster of
 * clusters.
 *
 * <p>Keys compare as equal strings, except an approximate one ({@code name~=value}, from an engine
 * that estimates the value: OpenSearch's TDigest median), which agrees with the exact {@code
 * name=value} of another system within {@link #APPROXIMATE_TOLERANCE} of it.
 */
public final class AnswerKeys {
  /**
   * How far an approximate value may be from the exact one, relative to the larger: 2%.
   * OpenSearch's {@code percentiles} (TDigest, compression 100, its default) interpolates within
   * the centroids around the median, so its estimate is a price near the median rank, not the
   * median itself; bench/README.md ("The OpenSearch peer") says why 2% and what the runs measured.
   */
  public static final double APPROXIMATE_TOLERANCE = 0.02;

  private static final String APPROXIMATE = "~=";

  private static final ObjectMapper JSON = new ObjectMapper();

  private AnswerKeys() {}

  /**
   * The keys of {@code json}, an answer of {@code endpoint}, followed by {@code total=N} when a
   * total count came with it.
   *
   * @throws IOException when the answer is not the JSON the endpoint returns
   */
  public static List<String> of(Endpoint endpoint, byte[] json, int length, String total)
      throws IOException {
    JsonNode answer = JSON.readTree(json, 0, length);
    List<String> keys = new ArrayList<>();
    switch (endpoint) {
      case SEARCH -> answer.forEach(listing -> keys.add(listing.path("mlsId").asText()));
      case LISTING -> keys.add(answer.path("mlsId").asText());
      case RESO_PROPERTY ->
          answer.path("value").forEach(listing -> keys.add(listing.path("ListingKey").asText()));
      case OPEN_HOUSES -> answer.forEach(open -> keys.add(open.path("openHouseId").asText()));
      case CLUSTERS -> {
        if (!answer.path("clusters").isArray()) {
          throw new IOException("unexpected JSON shape for CLUSTERS: " + shorten(answer));
        }
        keys.add("totalCount=" + answer.path("totalCount").asLong());
        answer
            .path("clusters")
            .forEach(
                c ->
                    keys.add(
                        cluster(
                            c.path("count").asLong(),
                            c.path("mlsId").isIntegralNumber() ? c.path("mlsId").asLong() : -1,
                            price(c.path("minPrice")),
                            price(c.path("maxPrice")))));
      }
      case ANALYTICS -> {
        if (!answer.path("totalCount").isIntegralNumber()) {
          throw new IOException("unexpected JSON shape for ANALYTICS: " + shorten(answer));
        }
        keys.addAll(
            analytics(
                answer.path("totalCount").asLong(),
                price(answer.path("minPrice")),
                price(answer.path("maxPrice")),
                price(answer.path("medianPrice"))));
      }
    }
    if (endpoint != Endpoint.ANALYTICS
        && endpoint != Endpoint.CLUSTERS
        && endpoint != Endpoint.RESO_PROPERTY
        && answer.isArray() == (endpoint == Endpoint.LISTING)) {
      throw new IOException("unexpected JSON shape for " + endpoint + ": " + shorten(answer));
    }
    if (total != null) {
      keys.add("total=" + total);
    }
    return keys;
  }

  /**
   * The keys of an analytics answer: its count and its minimum, maximum and median price (null when
   * no match has a price), prices to the cent so that every system's number formatting compares.
   */
  public static List<String> analytics(long totalCount, Double min, Double max, Double median) {
    return List.of(
        "totalCount=" + totalCount,
        "minPrice=" + cents(min),
        "maxPrice=" + cents(max),
        "medianPrice=" + cents(median));
  }

  /**
   * The keys of an analytics answer whose median is an estimate ({@link #approximate}); the other
   * keys as {@link #analytics} makes them.
   */
  public static List<String> analyticsWithEstimatedMedian(
      long totalCount, Double min, Double max, Double median) {
    List<String> keys = new ArrayList<>(analytics(totalCount, min, max, null));
    keys.set(keys.size() - 1, approximate("medianPrice", median));
    return List.copyOf(keys);
  }

  /** The key of an estimated number, to the cent: {@code name~=value}. */
  public static String approximate(String name, Double value) {
    return name + APPROXIMATE + cents(value);
  }

  /** Whether two systems' keys of one answer agree: item by item, as {@link #same}. */
  public static boolean agree(List<String> a, List<String> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!same(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether two keys agree: equal, or one is an estimate of the other's number within {@link
   * #APPROXIMATE_TOLERANCE} (both null agree; null and a number do not).
   */
  public static boolean same(String a, String b) {
    if (a.equals(b)) {
      return true;
    }
    String estimate = a.contains(APPROXIMATE) ? a : b.contains(APPROXIMATE) ? b : null;
    if (estimate == null) {
      return false;
    }
    String other = estimate == a ? b : a;
    int at = estimate.indexOf(APPROXIMATE);
    String name = estimate.substring(0, at);
    String prefix = other.startsWith(name + APPROXIMATE) ? name + APPROXIMATE : name + "=";
    if (!other.startsWith(prefix)) {
      return false;
    }
    String x = estimate.substring(at + APPROXIMATE.length());
    String y = other.substring(prefix.length());
    if (x.equals("null") || y.equals("null")) {
      return x.equals(y);
    }
    double vx = Double.parseDouble(x);
    double vy = Double.parseDouble(y);
    return Math.abs(vx - vy) <= APPROXIMATE_TOLERANCE * Math.max(Math.abs(vx), Math.abs(vy));
  }

  /**
   * The key of one cluster, in the order of the answer: its count, its listing's mlsId when it
   * holds one ({@code mlsId} -1 otherwise), and its lowest and highest price (null when none of its
   * listings has one). The mean position is left out: its last digits depend on the order of the
   * sum.
   */
  public static String cluster(long count, long mlsId, Double minPrice, Double maxPrice) {
    return "cluster="
        + count
        + (mlsId >= 0 ? " mlsId=" + mlsId : "")
        + " price="
        + cents(minPrice)
        + ".."
        + cents(maxPrice);
  }

  private static Double price(JsonNode number) {
    return number.isNumber() ? number.asDouble() : null;
  }

  private static String cents(Double price) {
    return price == null ? "null" : String.format(Locale.ROOT, "%.2f", price);
  }

  private static String shorten(JsonNode answer) {
    String text = answer.toString();
    return text.length() > 120 ? text.substring(0, 117) + "..." : text;
  }
}
