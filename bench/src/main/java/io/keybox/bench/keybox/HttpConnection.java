package io.keybox.bench.keybox;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;

/**
 * A minimal HTTP/1.1 client over one keep-alive socket: GET requests, and POST requests with a JSON
 * body (the OpenSearch peer's searches), responses with {@code Content-Length} or chunked bodies.
 * Much lighter than {@code java.net.http.HttpClient}, so on a small machine the load generator
 * takes as little CPU from the server as possible.
 *
 * <p>NOTE: not thread-safe; one per client thread. The body buffer is reused by the next request.
 */
public final class HttpConnection implements Closeable {
  /**
   * The value of an {@code Authorization} header for {@code key} and {@code secret}: HTTP Basic.
   */
  public static String basic(String key, String secret) {
    return "Basic "
        + Base64.getEncoder().encodeToString((key + ":" + secret).getBytes(StandardCharsets.UTF_8));
  }

  private static final int TIMEOUT_MILLIS = 60_000;

  private final InetSocketAddress address;
  private final byte[] headerBlock;
  private Socket socket;
  private InputStream in;
  private OutputStream out;
  private final byte[] buffer = new byte[1 << 16];
  private int position;
  private int limit;
  private byte[] body = new byte[1 << 16];

  /** What came back. {@code body()} is valid until the next request. */
  public final class Response {
    int status;
    int bodyLength;
    String link;
    String totalCount;
    String contentEncoding;
    boolean close;

    public int status() {
      return status;
    }

    public int bodyLength() {
      return bodyLength;
    }

    /** The body bytes, {@code [0, bodyLength)}. */
    public byte[] body() {
      return body;
    }

    public String bodyText() {
      return new String(body, 0, bodyLength, StandardCharsets.UTF_8);
    }

    /** The {@code Link} header, or null. */
    public String link() {
      return link;
    }

    /** The {@code X-Total-Count} header, or null. */
    public String totalCount() {
      return totalCount;
    }

    /** The {@code Content-Encoding} header, or null. */
    public String contentEncoding() {
      return contentEncoding;
    }
  }

  private final Response response = new Response();

  /**
   * A connection to {@code host:port} sending these extra header lines (each ending in CRLF) with
   * every request. Connects on the first request.
   */
  public HttpConnection(String host, int port, String extraHeaders) {
    this(host, port, host, extraHeaders);
  }

  /**
   * A connection to {@code host:port} whose requests name {@code hostName} in their {@code Host}
   * header, as a browser names the site of a URL whatever address it connects to.
   */
  public HttpConnection(String host, int port, String hostName, String extraHeaders) {
    this.address = new InetSocketAddress(host, port);
    this.headerBlock =
        (" HTTP/1.1\r\nHost: " + hostName + ":" + port + "\r\n" + extraHeaders + "\r\n")
            .getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * Sends {@code GET pathAndQuery} and reads the whole response.
   *
   * @throws IOException when the connection fails or the response is malformed; the connection is
   *     closed and the next request reconnects
   */
  public Response get(String pathAndQuery) throws IOException {
    return send("GET ", pathAndQuery, null);
  }

  /**
   * Sends {@code POST pathAndQuery} with {@code json} as its body ({@code Content-Type:
   * application/json}) and reads the whole response.
   *
   * @throws IOException as {@link #get}
   */
  public Response post(String pathAndQuery, byte[] json) throws IOException {
    return send("POST ", pathAndQuery, json);
  }

  private static final byte[] JSON_BODY =
      "Content-Type: application/json\r\nContent-Length: ".getBytes(StandardCharsets.ISO_8859_1);

  private Response send(String method, String pathAndQuery, byte[] json) throws IOException {
    if (socket == null) {
      connect();
    }
    try {
      byte[] verb = method.getBytes(StandardCharsets.ISO_8859_1);
      byte[] target = pathAndQuery.getBytes(StandardCharsets.ISO_8859_1);
      // The header block ends in an empty line; a body's own headers go just before it.
      int headers = json == null ? headerBlock.length : headerBlock.length - 2;
      byte[] length =
          json == null
              ? new byte[0]
              : (json.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
      int bodyLength = json == null ? 0 : JSON_BODY.length + length.length + json.length;
      byte[] request = new byte[verb.length + target.length + headers + bodyLength];
      int at = 0;
      System.arraycopy(verb, 0, request, at, verb.length);
      at += verb.length;
      System.arraycopy(target, 0, request, at, target.length);
      at += target.length;
      System.arraycopy(headerBlock, 0, request, at, headers);
      at += headers;
      if (json != null) {
        System.arraycopy(JSON_BODY, 0, request, at, JSON_BODY.length);
        at += JSON_BODY.length;
        System.arraycopy(length, 0, request, at, length.length);
        at += length.length;
        System.arraycopy(json, 0, request, at, json.length);
      }
      out.write(request);
      out.flush();
      readResponse();
      if (response.close) {
        close();
      }
      return response;
    } catch (IOException | RuntimeException e) {
      close();
      throw e instanceof IOException io ? io : new IOException("malformed response: " + e, e);
    }
  }

  private void connect() throws IOException {
    socket = new Socket();
    socket.setTcpNoDelay(true);
    socket.setSoTimeout(TIMEOUT_MILLIS);
    socket.connect(address, TIMEOUT_MILLIS);
    in = socket.getInputStream();
    out = socket.getOutputStream();
    position = 0;
    limit = 0;
  }

  private void readResponse() throws IOException {
    String statusLine = readLine();
    if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) {
      throw new IOException("not an HTTP response: '" + statusLine + "'");
    }
    response.status = Integer.parseInt(statusLine.substring(9, 12));
    response.link = null;
    response.totalCount = null;
    response.contentEncoding = null;
    response.close = statusLine.startsWith("HTTP/1.0");
    long contentLength = -1;
    boolean chunked = false;
    for (String line = readLine(); !line.isEmpty(); line = readLine()) {
      int colon = line.indexOf(':');
      if (colon <= 0) {
        continue;
      }
      String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1).strip();
      switch (name) {
        case "content-length" -> contentLength = Long.parseLong(value);
        case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
        case "connection" -> response.close = value.equalsIgnoreCase("close");
        case "link" -> response.link = value;
        case "x-total-count" -> response.totalCount = value;
        case "content-encoding" -> response.contentEncoding = value;
        default -> {}
      }
    }
    response.bodyLength = 0;
    if (chunked) {
      for (int size = chunkSize(); size > 0; size = chunkSize()) {
        readBody(size);
        if (!readLine().isEmpty()) {
          throw new IOException("chunk not followed by CRLF");
        }
      }
      while (!readLine().isEmpty()) {
        // trailers: none expected, skipped
      }
    } else if (contentLength >= 0) {
      readBody((int) contentLength);
    } else if (response.status != 204 && response.status != 304) {
      throw new IOException("response without Content-Length or chunked encoding");
    }
  }

  private int chunkSize() throws IOException {
    String line = readLine();
    int semicolon = line.indexOf(';');
    return Integer.parseInt((semicolon < 0 ? line : line.substring(0, semicolon)).strip(), 16);
  }

  private void readBody(int length) throws IOException {
    int need = response.bodyLength + length;
    if (need > body.length) {
      body = Arrays.copyOf(body, Math.max(need, body.length * 2));
    }
    while (length > 0) {
      if (position == limit) {
        fill();
      }
      int n = Math.min(length, limit - position);
      System.arraycopy(buffer, position, body, response.bodyLength, n);
      position += n;
      response.bodyLength += n;
      length -= n;
    }
  }

  private String readLine() throws IOException {
    StringBuilder line = null;
    while (true) {
      if (position == limit) {
        fill();
      }
      for (int i = position; i < limit; i++) {
        if (buffer[i] == '\n') {
          int end = i > position && buffer[i - 1] == '\r' ? i - 1 : i;
          String part = new String(buffer, position, end - position, StandardCharsets.ISO_8859_1);
          position = i + 1;
          if (line == null) {
            return part;
          }
          line.append(part);
          int last = line.length() - 1;
          if (last >= 0 && line.charAt(last) == '\r') {
            line.setLength(last);
          }
          return line.toString();
        }
      }
      if (line == null) {
        line = new StringBuilder();
      }
      line.append(new String(buffer, position, limit - position, StandardCharsets.ISO_8859_1));
      position = limit;
    }
  }

  private void fill() throws IOException {
    int n = in.read(buffer, 0, buffer.length);
    if (n < 0) {
      throw new EOFException("connection closed by the server");
    }
    position = 0;
    limit = n;
  }

  @Override
  public void close() {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing a broken socket
      }
      socket = null;
    }
  }
}
