package io.keybox.server.http.pages;

import io.undertow.util.DateUtils;
import java.util.Date;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * HTTP dates ({@code Last-Modified}) of file times, each second formatted once. Formatting one with
 * Undertow's {@link DateUtils} showed as 6% of the server's time when serving photos from the IO
 * thread; the files of a mirror share few seconds (they are written in runs), so their dates are
 * kept. The text depends on the second alone, so a kept one is never stale.
 */
final class HttpDates {
  /** Seconds kept at most; past it the cache starts again, so odd file times cannot grow it. */
  static final int MAX_KEPT = 65_536;

  private final Map<Long, String> texts = new ConcurrentHashMap<>();

  /** {@code millis} (since the epoch) as an HTTP date, to the second: {@code Sat, 28 Nov ...}. */
  String format(long millis) {
    long second = Math.floorDiv(millis, 1000);
    String text = texts.get(second);
    if (text == null) {
      text = DateUtils.toDateString(new Date(second * 1000));
      if (texts.size() >= MAX_KEPT) {
        texts.clear();
      }
      texts.put(second, text);
    }
    return text;
  }
}
