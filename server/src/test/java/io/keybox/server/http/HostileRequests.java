package io.keybox.server.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Random;

/**
 * Random hostile HTTP/1.1 requests, as raw bytes, from a seed: what scanners, fuzzers and buggy
 * plugins send. Random parameter names and values, huge values and numbers, invalid
 * percent-encoding and UTF-8, repeated parameters, control characters and raw bytes, broken
 * polygons, odd methods, paths, versions and headers, wrong credentials. Every request is complete
 * (its head ends with an empty line) and asks to close the connection; heads stay below the
 * server's head limit, so each one gets an answer.
 */
final class HostileRequests {
  /** Longest request target generated: past the default URL limit (414), below the head limit. */
  static final int MAX_TARGET = 70_000;

  /**
   * Largest head generated, below the default head limit (96 KiB): a server that stops reading a
   * head part-way and closes makes the client's TCP stack reset the connection, which can drop the
   * answer; the 431 for such heads is tested apart.
   */
  static final int MAX_HEAD = 90_000;

  /**
   * Every parameter the listing search reads, plus vendor, odd spellings and names no endpoint
   * knows.
   */
  private static final List<String> PARAMETERS =
      java.util.stream.Stream.concat(
              io.keybox.server.query.ListingRequestParser.PARAMETERS.stream(),
              java.util.stream.Stream.of("vendor", "MINPRICE", "Limit", "grid_view", ""))
          .toList();

  private static final List<String> WORDS =
      List.of(
          "Active",
          "Pending",
          "Closed",
          "sold",
          "residential",
          "rental",
          "land",
          "condominium",
          "multifamily",
          "listprice",
          "-listprice",
          "listdate",
          "-modified",
          "beds",
          "baths",
          "rooms",
          "compliance",
          "null",
          "ignore",
          "listing",
          "address",
          "true",
          "false",
          "Houston",
          "katy",
          "TX",
          "fixture",
          "other",
          "null",
          "undefined",
          "NaN",
          "[]",
          "{}",
          "' OR 1=1 --",
          "<script>alert(1)</script>",
          "../../etc/passwd",
          "%s%s%n",
          "${jndi:x}");

  private static final List<String> NUMBERS =
      List.of(
          "0",
          "-0",
          "+5",
          "-1",
          "00012",
          "1.5",
          "2.",
          ".5",
          "1e9",
          "1e999",
          "-1e-999",
          "0x10",
          "NaN",
          "Infinity",
          "-Infinity",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775809",
          "4.9e-324",
          "1_000",
          "１２",
          " 3 ",
          "3 4");

  private static final List<String> PATHS =
      List.of(
          "/",
          "/properties/",
          "//properties",
          "/properties;jsessionid=1",
          "/agents",
          "/agents/x1",
          "/openhouses",
          "/properties/analytics",
          "/properties/101/analytics",
          "/../../etc/passwd",
          "/%2e%2e/%2e%2e/etc/passwd",
          "/properties%2F101",
          "/-/health",
          "/-/metrics",
          "/PROPERTIES",
          "/properties/101/",
          "/properties/%00",
          "/favicon.ico",
          "/.env",
          "/wp-login.php",
          "/properties?",
          "/properties??a=1",
          "/properties#frag");

  private static final List<String> METHODS =
      List.of(
          "HEAD",
          "POST",
          "PUT",
          "DELETE",
          "OPTIONS",
          "TRACE",
          "PATCH",
          "PROPFIND",
          "get",
          "G3T",
          "X-CUSTOM",
          "Ǵ");

  private static final List<String> VERSIONS =
      List.of("HTTP/1.0", "HTTP/1.2", "HTTP/0.9", "HTTX/1.1", "http/1.1", "HTTP/11", "");

  private static final List<String> BAD_ESCAPES =
      List.of(
          "%ZZ",
          "%",
          "%4",
          "%G1",
          "%%",
          "%FF",
          "%C3%28",
          "%ED%A0%80",
          "%F4%90%80%80",
          "%C0%AF",
          "%00",
          "%0D%0A",
          "%E2%80%AE",
          "%EF%BF%BF",
          "%F0%9F%92%A9",
          "%c3%a9",
          "%25");

  private static final String URL_CHARS =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?";

  private final Random random;
  private final String key;
  private final String goodAuthorization;

  HostileRequests(long seed, String key, String secret) {
    this.random = new Random(seed);
    this.key = key;
    this.goodAuthorization = basic(key + ":" + secret);
  }

  /** The next request. */
  byte[] next() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String eol = chance(3) ? "\n" : "\r\n";
    String method = chance(80) ? "GET" : pick(METHODS);
    if (chance(1)) {
      method = "G\u0001T";
    }
    write(out, method + " ");
    writeTarget(out);
    write(out, " " + (chance(92) ? "HTTP/1.1" : pick(VERSIONS)) + eol);
    if (!chance(2)) {
      write(
          out,
          "Host: "
              + (chance(97) ? "127.0.0.1" : pick(List.of("exa mple", "[::1", "h:99999", "a@b", "")))
              + eol);
    }
    if (chance(1)) {
      write(out, "Host: 127.0.0.2" + eol);
    }
    writeAuthorization(out, eol);
    if (chance(30)) {
      write(
          out,
          "Accept: "
              + pick(
                  List.of(
                      "application/json",
                      "application/vnd.service-v0.1+json",
                      "*/*",
                      "text/html",
                      "application/vnd.service-v0.1+json;q=0.x, */*;q=2",
                      ";;;,,,"))
              + eol);
    }
    if (chance(15)) {
      write(out, "Accept-Encoding: gzip" + eol);
    }
    if (chance(10)) {
      write(
          out,
          "X-Forwarded-For: "
              + pick(List.of("1.2.3.4", "::1, 10.0.0.1", "garbage", "a".repeat(500)))
              + eol);
      write(out, "X-Forwarded-Proto: " + pick(List.of("https", "gopher", "")) + eol);
      write(out, "X-Forwarded-Host: " + pick(List.of("api.example.com", "evil/<x>", "")) + eol);
    }
    if (method.equals("OPTIONS") && chance(50)) {
      write(out, "Origin: https://idx.example" + eol + "Access-Control-Request-Method: GET" + eol);
    }
    if (chance(5) && out.size() < MAX_HEAD - 20_000) {
      int headers = random.nextInt(150);
      for (int i = 0; i < headers; i++) {
        write(out, "X-Junk-" + i + ": " + randomAscii(random.nextInt(40)) + eol);
      }
    }
    if (chance(3) && out.size() < MAX_HEAD - 20_000) {
      write(out, "X-Big: " + "b".repeat(random.nextInt(8_000)) + eol);
    }
    if (chance(3)) {
      write(
          out,
          pick(
                  List.of(
                      "Bad Header: x",
                      "X-Ctl: a\u0001b",
                      "X-Del: \u007f",
                      ": empty-name",
                      "X-Obs:",
                      " folded"))
              + eol);
    }
    byte[] body = new byte[0];
    if (!method.equals("GET") && !method.equals("HEAD") && chance(40)) {
      if (chance(50)) {
        body = randomAscii(random.nextInt(2000)).getBytes(StandardCharsets.ISO_8859_1);
        write(out, "Content-Length: " + body.length + eol);
      } else {
        write(out, "Transfer-Encoding: chunked" + eol);
        body =
            (chance(50) ? "5\r\nhello\r\n0\r\n\r\n" : "zz\r\nnot a chunk\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
      }
    }
    write(out, "Connection: close" + eol + eol);
    out.writeBytes(body);
    return out.toByteArray();
  }

  private void writeTarget(ByteArrayOutputStream out) {
    StringBuilder target = new StringBuilder();
    int kind = random.nextInt(100);
    if (kind < 75) {
      target.append("/properties");
    } else if (kind < 85) {
      target.append("/properties/").append(chance(50) ? pick(NUMBERS) : value(null));
    } else if (kind < 95) {
      target.append(pick(PATHS));
    } else if (kind < 98) {
      target.append('/').append(randomUrlText(random.nextInt(60)));
    } else {
      target.append(
          pick(
              List.of(
                  "*",
                  "http://127.0.0.1/properties",
                  "http://other.example/properties",
                  "properties")));
    }
    if (chance(85)) {
      target.append(target.indexOf("?") < 0 ? "?" : "&").append(query());
    }
    String text =
        target.length() > MAX_TARGET ? target.substring(0, MAX_TARGET) : target.toString();
    write(out, text);
  }

  private String query() {
    StringBuilder query = new StringBuilder();
    int count = chance(3) ? 100 + random.nextInt(2_200) : random.nextInt(12);
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        query.append(chance(97) ? "&" : pick(List.of("&&", "&=&", ";", "&amp;")));
      }
      String name = chance(85) ? pick(PARAMETERS) : randomUrlText(1 + random.nextInt(12));
      if (name.equals("points") && chance(30)) {
        query.append(polygon());
        continue;
      }
      query.append(name);
      if (!chance(5)) {
        query.append('=').append(value(name));
      }
      if (query.length() > MAX_TARGET) {
        break;
      }
    }
    return query.toString();
  }

  /** A broken, degenerate, huge or ordinary polygon as repeated {@code points}. */
  private String polygon() {
    int points = chance(10) ? 900 + random.nextInt(300) : random.nextInt(8);
    StringBuilder polygon = new StringBuilder();
    double lat = 29.7;
    double lng = -95.4;
    for (int i = 0; i < points; i++) {
      if (i > 0) {
        polygon.append('&');
      }
      polygon.append("points=");
      switch (random.nextInt(12)) {
        case 0 ->
            polygon.append(
                pick(
                    List.of(
                        "91,0",
                        "0,181",
                        "-90.0001,0",
                        "NaN,NaN",
                        "Infinity,0",
                        "1,2,3",
                        ",",
                        "29.7",
                        "",
                        "a,b",
                        "29.7%2C-95.4")));
        case 1 -> polygon.append(lat).append(',').append(lng); // a repeated point
        case 2 -> polygon.append(lat + i * 1e-12).append(',').append(lng); // near-collinear
        default ->
            polygon
                .append(lat + random.nextGaussian() * 0.1)
                .append(chance(50) ? "," : "%2C")
                .append(lng + random.nextGaussian() * 0.1);
      }
    }
    return polygon.toString();
  }

  private String value(String name) {
    int kind = random.nextInt(100);
    if (kind < 25) {
      return pick(NUMBERS);
    }
    if (kind < 45) {
      return pick(WORDS).replace(" ", chance(50) ? "+" : "%20");
    }
    if (kind < 55) {
      return pick(BAD_ESCAPES) + (chance(50) ? "x" : "");
    }
    if (kind < 60) {
      return "9".repeat(20 + random.nextInt(400));
    }
    if (kind < 64) {
      return "a".repeat(1_000 + random.nextInt(60_000));
    }
    if (kind < 72) {
      return percentEncoded(randomUnicode(1 + random.nextInt(20)));
    }
    if (kind < 78) {
      // Raw characters a URL may not hold: controls, quotes, brackets, raw non-ASCII, DEL.
      return pick(
          List.of(
              "\u0001", "\u007f", "\"", "<", ">", "{", "}", "|", "\\", "^", "`", "\t", "é",
              "\u00ff", "☃", "\u0000"));
    }
    if (kind < 85) {
      return pick(
          List.of(
              "2024-05-01",
              "2024-13-45",
              "2024-05-01T10:00:00Z",
              "2024-05-01T25:00",
              "2024-02-30",
              "99999-01-01",
              "-2024-05-01",
              "2024-05-01T10:00:00+99:00"));
    }
    if (kind < 92) {
      return randomUrlText(random.nextInt(30));
    }
    return "";
  }

  private void writeAuthorization(ByteArrayOutputStream out, String eol) {
    int kind = random.nextInt(100);
    String value;
    if (kind < 85) {
      value = goodAuthorization;
    } else if (kind < 88) {
      return; // none
    } else if (kind < 91) {
      value = basic(key + ":wrong-" + random.nextInt(1000));
    } else if (kind < 93) {
      value = basic("nobody:" + random.nextInt(1000));
    } else {
      value =
          pick(
              List.of(
                  "Bearer abc",
                  "Basic",
                  "Basic !!!",
                  "Basic " + basic("no-colon").substring(6),
                  "basic " + goodAuthorization.substring(6),
                  "Basic " + "QUFB".repeat(2_500),
                  "Digest username=x"));
    }
    write(out, "Authorization: " + value + eol);
  }

  private String percentEncoded(String text) {
    StringBuilder encoded = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      encoded.append(String.format("%%%02X", b & 0xFF));
    }
    return encoded.toString();
  }

  private String randomUnicode(int length) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      int codePoint;
      do {
        codePoint = random.nextInt(chance(70) ? 0x800 : 0x110000);
      } while (codePoint >= 0xD800 && codePoint <= 0xDFFF);
      text.appendCodePoint(codePoint);
    }
    return text.toString();
  }

  private String randomUrlText(int length) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.append(URL_CHARS.charAt(random.nextInt(URL_CHARS.length())));
    }
    return text.toString();
  }

  private String randomAscii(int length) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.append((char) (0x20 + random.nextInt(0x5F)));
    }
    return text.toString();
  }

  private boolean chance(int percent) {
    return random.nextInt(100) < percent;
  }

  private <T> T pick(List<T> options) {
    return options.get(random.nextInt(options.size()));
  }

  private static String basic(String credentials) {
    return "Basic "
        + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Writes {@code text} a byte a character; characters past 0xFF stand for themselves as raw UTF-8
   * bytes, like a careless client's.
   */
  private static void write(ByteArrayOutputStream out, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x100) {
        out.write(c);
      } else {
        out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
      }
    }
  }
}
