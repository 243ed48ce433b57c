package io.keybox.indexer.media;

import io.keybox.indexer.pull.RetryAfter;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Downloads one photo and says what became of it: its bytes, a wait before trying again (429, 503
 * with their Retry-After; other 5xx and network failures with the caller's backoff), a refusal of
 * its URL (403 or 410: signed, short-lived URLs expire), or a failure not worth repeating (404, a
 * file over the size limit, any other status).
 */
final class MediaDownload {
  /** What a download came to. */
  sealed interface Outcome {}

  /** The photo's bytes. */
  record Fetched(byte[] bytes) implements Outcome {}

  /**
   * Try again later; {@code after} is the server's Retry-After when it gave one; {@code
   * unreachable} when no answer came at all (the host unknown, refusing or silent).
   */
  record Later(String reason, Optional<Duration> after, boolean unreachable) implements Outcome {
    Later(String reason, Optional<Duration> after) {
      this(reason, after, false);
    }
  }

  /** The URL was refused (403, 410): a fresh URL may work. */
  record Refused(int status) implements Outcome {}

  /** Give up until the feed changes the photo. */
  record Failed(String reason) implements Outcome {}

  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final HttpClient client;
  private final Map<String, String> headers;
  private final long maxBytes;
  private final Clock clock;

  /**
   * @param headers headers every request carries (a provider's required ones)
   * @param maxBytes the largest file accepted
   */
  MediaDownload(HttpClient client, Map<String, String> headers, long maxBytes, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.headers = Map.copyOf(headers);
    this.maxBytes = maxBytes;
    this.clock = clock;
  }

  /** Whether {@code url} names a local file ({@code file:}). */
  static boolean isFile(String url) {
    return url.regionMatches(true, 0, "file:", 0, 5);
  }

  Outcome fetch(String url) throws InterruptedException {
    if (isFile(url)) {
      return readFile(url);
    }
    HttpRequest.Builder request;
    try {
      request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).GET();
    } catch (IllegalArgumentException e) {
      return new Failed("malformed URL");
    }
    headers.forEach(request::header);
    try {
      HttpResponse<InputStream> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      int status = response.statusCode();
      try (InputStream body = response.body()) {
        if (status == 200) {
          long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
          if (declared > maxBytes) {
            return new Failed("larger than --media-max-bytes (" + declared + " bytes)");
          }
          byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
          if (bytes.length > maxBytes) {
            return new Failed("larger than --media-max-bytes");
          }
          return new Fetched(bytes);
        }
        if (status == 429 || status == 503) {
          return new Later("HTTP " + status, RetryAfter.of(response, clock));
        }
        if (status == 403 || status == 410) {
          return new Refused(status);
        }
        if (status >= 500) {
          return new Later("HTTP " + status, Optional.empty());
        }
        return new Failed("HTTP " + status);
      }
    } catch (IOException e) {
      // A reset, a time-out or a body shorter than its Content-Length: nothing is kept.
      return new Later(e.getClass().getSimpleName(), Optional.empty(), true);
    }
  }

  /**
   * A photo a dump ships as a file ({@code file:} URLs: feeds delivered as folders, the demo): read
   * like a download, with the same size limit.
   */
  private Outcome readFile(String url) {
    java.nio.file.Path path;
    try {
      path = java.nio.file.Path.of(URI.create(url));
    } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
      return new Failed("malformed URL");
    }
    try {
      if (java.nio.file.Files.size(path) > maxBytes) {
        return new Failed("larger than --media-max-bytes");
      }
      return new Fetched(java.nio.file.Files.readAllBytes(path));
    } catch (java.nio.file.NoSuchFileException e) {
      return new Failed("no such file");
    } catch (IOException e) {
      return new Later(e.getClass().getSimpleName(), Optional.empty());
    }
  }
}
