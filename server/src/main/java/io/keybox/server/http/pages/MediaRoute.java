package io.keybox.server.http.pages;

import io.keybox.server.http.edge.AccessLog;
import io.keybox.server.http.edge.EdgeHandler;
import io.keybox.server.http.edge.RouteTemplates;
import io.keybox.server.media.PhotoLibrary;
import io.undertow.io.Sender;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.resource.PathResourceManager;
import io.undertow.server.handlers.resource.ResourceHandler;
import io.undertow.util.ETag;
import io.undertow.util.ETagUtils;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;
import org.xnio.ChannelListener;
import org.xnio.IoUtils;
import org.xnio.channels.StreamSinkChannel;

/**
 * {@code GET /media/{vendor}/{digest}/{width}.jpg}: a mirrored photo's variant, to anyone (browsers
 * load {@code <img>} without credentials), but only when {@link PhotoLibrary} says the vendor's
 * index shows it. The file is sent by Undertow's own resource handling (HEAD, ranges, {@code
 * If-None-Match} → 304) with a strong ETag (the digest and width: the content never changes under a
 * name) and {@code Cache-Control: public, max-age=31536000, immutable}. Anything else under {@code
 * /media/} is a 404; methods other than GET and HEAD a 405.
 *
 * <p>Two handlers serve the route. {@link #wrap} sits in the API's chain, behind admission, and
 * answers every request: it reads the index on a worker and sends through Undertow's {@link
 * ResourceHandler}. {@link #front} sits in front of admission and answers, on the connection's IO
 * thread, the requests whose answer is already known: a plain GET or HEAD (no range, no date
 * condition) of a photo the served snapshot said yes to before ({@link
 * PhotoLibrary#knownServable}), the case of every visitor after the first on a results page. It
 * sends the file through the connection's channel ({@link FileBody}) and the same headers; it adds
 * no rule of its own, and anything it is not sure of goes on to the chain. Handing each photo to a
 * worker and back cost about ten times nginx's time per photo (bench/README.md, "Issue 33").
 */
public final class MediaRoute {
  /** The route's prefix. */
  public static final String PREFIX = "/media";

  /** The route as the OpenAPI document and the endpoint list name it. */
  public static final String TEMPLATE = PREFIX + "/{vendor}/{digest}/{width}.jpg";

  private static final String IMMUTABLE = "public, max-age=31536000, immutable";

  /** Request headers that ask for more than the whole file or a 304 on its ETag. */
  private static final List<HttpString> NOT_PLAIN =
      List.of(
          Headers.RANGE,
          Headers.IF_RANGE,
          Headers.IF_MATCH,
          Headers.IF_MODIFIED_SINCE,
          Headers.IF_UNMODIFIED_SINCE);

  private final PhotoLibrary library;
  private final LongConsumer sent;
  private final Map<String, ResourceHandler> vendors = new ConcurrentHashMap<>();
  private final HttpDates dates = new HttpDates();

  private MediaRoute(PhotoLibrary library, LongConsumer sent) {
    this.library = library;
    this.sent = sent;
  }

  /**
   * {@code next}, with {@code /media/} answered in front of it; {@code sent} hears the bytes of
   * each photo file sent whole (the metrics).
   */
  public static HttpHandler wrap(PhotoLibrary library, LongConsumer sent, HttpHandler next) {
    MediaRoute route = new MediaRoute(library, sent);
    return exchange -> {
      if (isUnderPrefix(exchange.getRelativePath())) {
        route.handle(exchange);
      } else {
        next.handleRequest(exchange);
      }
    };
  }

  /** {@code /media} or a path below it (not {@code /mediaX}). */
  private static boolean isUnderPrefix(String path) {
    return path.startsWith(PREFIX)
        && (path.length() == PREFIX.length() || path.charAt(PREFIX.length()) == '/');
  }

  /**
   * {@code next}, with the photos whose answer the served snapshot knows sent in front of it, on
   * the IO thread; their access log lines go to {@code accessLog} as the chain's do.
   */
  public static HttpHandler front(
      PhotoLibrary library, LongConsumer sent, AccessLog accessLog, HttpHandler next) {
    MediaRoute route = new MediaRoute(library, sent);
    return exchange -> {
      if (!route.sentKnown(exchange, accessLog)) {
        next.handleRequest(exchange);
      }
    };
  }

  /** Sends the photo {@code exchange} asks for when its answer is known; else false, untouched. */
  private boolean sentKnown(HttpServerExchange exchange, AccessLog accessLog) throws IOException {
    String relative = exchange.getRelativePath();
    if (!isUnderPrefix(relative)
        || !(exchange.getRequestMethod().equals(Methods.GET)
            || exchange.getRequestMethod().equals(Methods.HEAD))) {
      return false;
    }
    HeaderMap request = exchange.getRequestHeaders();
    for (HttpString header : NOT_PLAIN) {
      if (request.contains(header)) {
        return false;
      }
    }
    Optional<PhotoPath> path = PhotoPath.parse(relative.substring(PREFIX.length()));
    if (path.isEmpty()) {
      return false;
    }
    Optional<Path> known =
        library.knownServable(path.get().vendor(), path.get().digest(), path.get().width());
    if (known.isEmpty()) {
      return false;
    }
    // Two system calls on the IO thread, as a web server makes on its event loop: the variants are
    // small files the page cache keeps.
    BasicFileAttributes file;
    FileChannel channel;
    long size;
    try {
      file = Files.readAttributes(known.get(), BasicFileAttributes.class);
      channel = FileChannel.open(known.get());
      size = channel.size(); // the length the body will have, whatever the attributes said
    } catch (IOException e) {
      return false; // not on disk (yet, or any more): the chain's handler answers
    }
    EdgeHandler.open(exchange, accessLog);
    exchange.putAttachment(RouteTemplates.MATCHED, TEMPLATE);
    ETag etag = etag(path.get().digest(), path.get().width());
    HeaderMap response = exchange.getResponseHeaders();
    response.put(Headers.CACHE_CONTROL, IMMUTABLE);
    if (!ETagUtils.handleIfNoneMatch(exchange, etag, true)) {
      channel.close();
      exchange.setStatusCode(StatusCodes.NOT_MODIFIED);
      exchange.endExchange();
      return true;
    }
    // The headers Undertow's ResourceHandler sends for the same file.
    exchange.setResponseContentLength(size);
    response.put(Headers.ACCEPT_RANGES, "bytes");
    response.put(Headers.CONTENT_TYPE, "image/jpeg");
    response.put(Headers.LAST_MODIFIED, dates.format(file.lastModifiedTime().toMillis()));
    response.put(Headers.ETAG, etag.toString());
    if (exchange.getRequestMethod().equals(Methods.HEAD)) {
      channel.close();
      exchange.endExchange();
      return true;
    }
    countSent(exchange);
    new FileBody(exchange, channel, size).start();
    return true;
  }

  /**
   * A file sent as the response body from the IO thread, through the channel's {@code
   * transferFrom}. Undertow's response conduit is not a socket, so the JDK copies the file through
   * a direct buffer (8 KB at a time) rather than with {@code sendfile}, and the first piece leaves
   * with the headers in one gathered write: for photos of a few KB, as few system calls as {@code
   * sendfile} after the headers. Undertow's own {@link Sender#transferFrom} hands every file to a
   * worker first, and that round trip is what the lane saves. When the socket takes no more, the
   * transfer resumes once it is writable again; the exchange ends when the file is sent. A failure
   * closes the connection: the status line is gone, so a short body must not look complete.
   */
  private static final class FileBody implements ChannelListener<StreamSinkChannel> {
    private final HttpServerExchange exchange;
    private final FileChannel file;
    private final long size;
    private long position;

    FileBody(HttpServerExchange exchange, FileChannel file, long size) {
      this.exchange = exchange;
      this.file = file;
      this.size = size;
    }

    void start() {
      handleEvent(exchange.getResponseChannel());
    }

    @Override
    public void handleEvent(StreamSinkChannel out) {
      try {
        while (position < size) {
          long sent = out.transferFrom(file, position, size - position);
          if (sent == 0) {
            out.getWriteSetter().set(this);
            out.resumeWrites();
            return;
          }
          position += sent;
        }
        out.suspendWrites();
        out.getWriteSetter().set(null);
        closeQuietly(file);
        exchange.endExchange(); // shuts the body down and flushes it, without blocking
      } catch (IOException e) {
        closeQuietly(file);
        IoUtils.safeClose(exchange.getConnection());
      }
    }
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // A read-only file: nothing was written that closing could lose.
    }
  }

  /** Counts the bytes of the photo once it is sent whole (a GET answered 200). */
  private void countSent(HttpServerExchange exchange) {
    exchange.addExchangeCompleteListener(
        (done, nextListener) -> {
          if (done.getStatusCode() == StatusCodes.OK
              && done.getRequestMethod().equals(Methods.GET)) {
            sent.accept(done.getResponseBytesSent());
          }
          nextListener.proceed();
        });
  }

  private void handle(HttpServerExchange exchange) throws Exception {
    // Counted under the route's template, never the raw path: label values must stay few.
    exchange.putAttachment(RouteTemplates.MATCHED, TEMPLATE);
    if (exchange.isInIoThread()) {
      exchange.dispatch(this::handle); // the index is read: not on an IO thread
      return;
    }
    if (ReadOnlyMethods.refused(exchange)) {
      return;
    }
    Optional<PhotoPath> path =
        PhotoPath.parse(exchange.getRelativePath().substring(PREFIX.length()));
    Optional<String> file =
        path.isPresent()
            ? library.servable(path.get().vendor(), path.get().digest(), path.get().width())
            : Optional.empty();
    if (file.isEmpty()) {
      exchange.setStatusCode(StatusCodes.NOT_FOUND);
      exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain; charset=utf-8");
      exchange.getResponseSender().send("no such photo\n");
      return;
    }
    exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, IMMUTABLE);
    countSent(exchange);
    exchange.setRelativePath("/" + file.get());
    vendors.computeIfAbsent(path.get().vendor(), this::files).handleRequest(exchange);
  }

  private ResourceHandler files(String vendor) {
    Path folder = library.folder(vendor);
    return new ResourceHandler(
            PathResourceManager.builder()
                .setBase(folder)
                .setFollowLinks(false)
                .setETagFunction(MediaRoute::etag)
                .build())
        .setDirectoryListingEnabled(false)
        .setCacheTime(null);
  }

  /** {@code DIGEST-WIDTH} of {@code .../DIGEST/WIDTH.jpg}: the name says the content. */
  private static ETag etag(Path file) {
    String width = file.getFileName().toString().replace(".jpg", "");
    return new ETag(false, file.getParent().getFileName() + "-" + width);
  }

  /** The same tag as {@link #etag(Path)} gives the variant's file, from the parsed path. */
  private static ETag etag(String digest, int width) {
    return new ETag(false, digest + "-" + width);
  }
}
