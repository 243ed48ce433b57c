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
 */
public final class AnswerKeys {
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
