package io.keybox.bench.keybox;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.keybox.bench.SystemName;
import io.keybox.bench.load.AnswerKeys;
import io.keybox.bench.load.Outcome;
import io.keybox.bench.load.Target;
import io.keybox.bench.mix.BenchRequest;
import io.keybox.bench.mix.Endpoint;
import io.keybox.bench.mix.Mix;
import io.keybox.bench.mix.QueryClass;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/** The Keybox server over HTTP, one keep-alive connection per client. */
public final class KeyboxTarget implements Target {
  private static final Pattern LAST_ID = Pattern.compile("[?&]lastId=(\\d+)");
  private static final String NEXT_LINK = "\"@odata.nextLink\":\"";

  /** How far from a RESO page's end its nextLink is looked for: longer than any link. */
  private static final int NEXT_LINK_TAIL = 8_192;

  private final String host;
  private final int port;
  private final String headers;
  private final SystemName system;

  /**
   * @param gzip whether to ask for gzip ({@code Accept-Encoding: gzip})
   */
  public KeyboxTarget(String host, int port, String key, String secret, boolean gzip) {
    this(SystemName.KEYBOX, host, port, key, secret, gzip);
  }

  /**
   * @param system which Keybox server this is: the main one, or the one with its response cache on
   * @param gzip whether to ask for gzip ({@code Accept-Encoding: gzip})
   */
  public KeyboxTarget(
      SystemName system, String host, int port, String key, String secret, boolean gzip) {
    this.system = system;
    this.host = host;
    this.port = port;
    this.headers =
        "Authorization: "
            + HttpConnection.basic(key, secret)
            + "\r\nAccept: application/json\r\n"
            // the RESO walk's page, as replication-walk's limit (the JSON API ignores it)
            + "Prefer: odata.maxpagesize="
            + Mix.WALK_PAGE
            + "\r\n"
            + (gzip ? "Accept-Encoding: gzip\r\n" : "");
  }

  @Override
  public SystemName system() {
    return system;
  }

  /** None: Keybox runs every class, those of the RESO Web API too. */
  @Override
  public Optional<String> unsupported(QueryClass queryClass) {
    return Optional.empty();
  }

  @Override
  public Session open() {
    HttpConnection connection = new HttpConnection(host, port, headers);
    return new Session() {
      @Override
      public Outcome execute(BenchRequest request, boolean detailed) throws IOException {
        HttpConnection.Response response = connection.get(request.pathAndQuery());
        if (response.status() != 200) {
          return Outcome.failed(response.status(), shorten(response.bodyText()));
        }
        long next = response.link() == null ? -1 : nextCursor(response.link());
        boolean reso = request.endpoint() == Endpoint.RESO_PROPERTY;
        List<String> keys = null;
        byte[] body = response.body();
        int length = response.bodyLength();
        if ((detailed || reso) && "gzip".equalsIgnoreCase(response.contentEncoding())) {
          body = new GZIPInputStream(new ByteArrayInputStream(body, 0, length)).readAllBytes();
          length = body.length;
        }
        if (detailed) {
          keys = AnswerKeys.of(request.endpoint(), body, length, response.totalCount());
        }
        return reso
            ? Outcome.reso(response.bodyLength(), nextLink(body, length), keys)
            : Outcome.ok(response.bodyLength(), next, keys);
      }

      @Override
      public void close() {
        connection.close();
      }
    };
  }

  /** The {@code lastId} of the {@code rel="next"} link, or -1 when there is none. */
  static long nextCursor(String link) {
    int rel = link.indexOf("rel=\"next\"");
    if (rel < 0) {
      return -1;
    }
    int open = link.lastIndexOf('<', rel);
    int close = link.indexOf('>', open);
    if (open < 0 || close < 0) {
      return -1;
    }
    Matcher m = LAST_ID.matcher(link.substring(open + 1, close));
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  /**
   * The {@code @odata.nextLink} of a RESO page, or null: the server writes it after the records, so
   * it is looked for from the end. Keybox writes the link without escapes.
   */
  static String nextLink(byte[] body, int length) {
    String tail =
        new String(
            body, Math.max(0, length - NEXT_LINK_TAIL), Math.min(length, NEXT_LINK_TAIL), UTF_8);
    int member = tail.lastIndexOf(NEXT_LINK);
    if (member < 0) {
      return null;
    }
    int start = member + NEXT_LINK.length();
    int end = tail.indexOf('"', start);
    return end < 0 ? null : tail.substring(start, end);
  }

  private static String shorten(String text) {
    String oneLine = text.replace('\n', ' ');
    return oneLine.length() > 200 ? oneLine.substring(0, 197) + "..." : oneLine;
  }
}
