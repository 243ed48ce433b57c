package io.keybox.server.http.write;

import io.undertow.io.BlockingReceiverImpl;
import io.undertow.io.IoCallback;
import io.undertow.io.Receiver;
import io.undertow.io.Sender;
import io.undertow.io.UndertowInputStream;
import io.undertow.io.UndertowOutputStream;
import io.undertow.server.BlockingHttpExchange;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The blocking side of an exchange for Keybox's handlers, with the response body collected in
 * memory and sent without blocking once the handler is done. A client that reads slowly (or not at
 * all) then holds only a connection and its bytes, never a worker thread; the idle timeout closes
 * it if it stops reading. As a bonus every response has a {@code Content-Length}, and a handler
 * that fails half-way through its body can still answer with a clean JSON error ({@link #discard}).
 *
 * <pre>{@code
 * BufferedResponse response = BufferedResponse.install(exchange); // on a worker thread
 * try {
 *   handler.handleRequest(exchange); // writes exchange.getOutputStream() or getResponseSender()
 * } finally {
 *   response.commit();
 * }
 * }</pre>
 *
 * <p>Keybox's own handlers never write here: they return a {@link Reply}, which {@link ReplySender}
 * sends itself after {@link #claim}ing the response. The stream and the sender are for Undertow's
 * own handlers in the chain; closing the stream or sending through the sender also commits. Bodies
 * larger than {@link ReplyBody#MAX_BODY_BYTES} fail with an {@link IOException} (the largest page
 * is a few megabytes). Writing after the commit is an {@link IllegalStateException} ("the response
 * was sent already"), whichever way it comes.
 */
public final class BufferedResponse implements BlockingHttpExchange {
  private static final AttachmentKey<BufferedResponse> KEY =
      AttachmentKey.create(BufferedResponse.class);

  private final HttpServerExchange exchange;
  private final Body body = new Body();
  private final Sender sender = new BodySender();
  private InputStream input;

  // Guarded by this.
  private boolean committed;

  private BufferedResponse(HttpServerExchange exchange) {
    this.exchange = exchange;
  }

  /** Puts the exchange in blocking mode with its body buffered; call on a worker thread. */
  public static BufferedResponse install(HttpServerExchange exchange) {
    BufferedResponse response = new BufferedResponse(exchange);
    exchange.putAttachment(KEY, response);
    exchange.startBlocking(response);
    return response;
  }

  /**
   * Whether the exchange's buffered response was committed: its status, headers and body are final
   * even though sending may not have begun yet.
   */
  public static boolean isCommitted(HttpServerExchange exchange) {
    BufferedResponse response = exchange.getAttachment(KEY);
    if (response == null) {
      return false;
    }
    synchronized (response) {
      return response.committed;
    }
  }

  /** Drops whatever body was written but not yet sent, e.g. to answer with an error instead. */
  public static void discard(HttpServerExchange exchange) {
    BufferedResponse response = exchange.getAttachment(KEY);
    if (response != null) {
      response.discardBody();
    }
  }

  /**
   * Sends the collected body, with its {@code Content-Length}, without blocking; the exchange ends
   * when the client has it. Does nothing after the first call, or when nothing was written (the
   * exchange then ends with an empty body as usual).
   */
  public synchronized void commit() {
    if (committed) {
      return;
    }
    committed = true;
    if (exchange.isResponseComplete() || exchange.isResponseStarted() || body.size() == 0) {
      return;
    }
    ReplySender.sendBody(exchange, body.buffers(), body.size());
  }

  /** What {@link #claim} found. */
  enum Claim {
    /** No buffered response: a blocking exchange of Undertow's own (the admin listener). */
    NONE,
    /** Claimed: the caller sends the body. */
    SEND,
    /** Claimed, but the response was started or completed already: nothing to send. */
    ENDED
  }

  /**
   * Takes over the response of {@code exchange} for {@link ReplySender}, which sends a whole reply
   * itself: whatever was written to the stream is dropped, and the response counts as committed.
   *
   * @throws IllegalStateException when the response was committed already
   */
  static Claim claim(HttpServerExchange exchange) {
    BufferedResponse response = exchange.getAttachment(KEY);
    if (response == null) {
      return Claim.NONE;
    }
    synchronized (response) {
      response.checkNotCommitted();
      response.committed = true;
      response.body.reset();
    }
    return exchange.isResponseComplete() || exchange.isResponseStarted() ? Claim.ENDED : Claim.SEND;
  }

  /** Refuses a second answer: the one "already sent" failure of this class. */
  private void checkNotCommitted() {
    if (committed) {
      throw new IllegalStateException("the response was sent already");
    }
  }

  private synchronized void discardBody() {
    if (!committed) {
      body.reset();
    }
  }

  private synchronized void append(ByteBuffer bytes) {
    checkNotCommitted();
    if (bytes.hasArray()) {
      body.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
      bytes.position(bytes.limit());
    } else {
      byte[] copy = new byte[bytes.remaining()];
      bytes.get(copy);
      body.write(copy, 0, copy.length);
    }
  }

  @Override
  public OutputStream getOutputStream() {
    return body;
  }

  @Override
  public Sender getSender() {
    return sender;
  }

  @Override
  public synchronized InputStream getInputStream() {
    if (input == null) {
      input = new UndertowInputStream(exchange);
    }
    return input;
  }

  @Override
  public Receiver getReceiver() {
    return new BlockingReceiverImpl(exchange, getInputStream());
  }

  /**
   * Called when the exchange ends. A response not sent yet (a handler that ended the exchange
   * itself, with or without a body) is written out now, blocking, as Undertow's own blocking
   * exchange would: left to Undertow, a response without a body would come after it drained the
   * request body, and a request with a broken chunked body and {@code Connection: close} would then
   * get no answer at all.
   */
  @Override
  public synchronized void close() throws IOException {
    if (committed) {
      return;
    }
    committed = true;
    if (exchange.isResponseStarted() || exchange.isResponseComplete()) {
      return;
    }
    if (exchange.isInIoThread()) {
      // The IO thread's lane (a GET without a body), ending without a body: the IO thread must not
      // block, and there is no request body to drain first, so Undertow ends the exchange itself.
      // No written body can be pending here: the lane commits before its handler call returns.
      return;
    }
    try (UndertowOutputStream out = new UndertowOutputStream(exchange)) {
      if (body.size() > 0) {
        exchange.setResponseContentLength(body.size());
        for (ByteBuffer chunk : body.buffers()) { // arrays of our own, offset 0
          out.write(chunk.array(), chunk.arrayOffset(), chunk.remaining());
        }
      }
    }
  }

  /** The in-memory body ({@link ReplyBody}), guarded by the response; closing it commits. */
  private final class Body extends OutputStream {
    private final ReplyBody chunks = new ReplyBody();

    @Override
    public void write(int b) {
      synchronized (BufferedResponse.this) {
        checkOpen();
        chunks.write(b);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) {
      synchronized (BufferedResponse.this) {
        checkOpen();
        chunks.write(b, off, len);
      }
    }

    @Override
    public void close() {
      commit();
    }

    int size() {
      return chunks.size();
    }

    void reset() {
      chunks.reset();
    }

    List<ByteBuffer> buffers() {
      return chunks.buffers();
    }

    private void checkOpen() {
      checkNotCommitted();
    }
  }

  /** Sending appends to the body; a send that ends the exchange commits it. */
  private final class BodySender implements Sender {
    @Override
    public void send(ByteBuffer buffer, IoCallback callback) {
      send(new ByteBuffer[] {buffer}, callback);
    }

    @Override
    public void send(ByteBuffer[] buffers, IoCallback callback) {
      try {
        for (ByteBuffer buffer : buffers) {
          append(buffer);
        }
      } catch (RuntimeException e) {
        callback.onException(exchange, this, new IOException(e.getMessage(), e));
        return;
      }
      done(callback);
    }

    @Override
    public void send(ByteBuffer buffer) {
      send(buffer, IoCallback.END_EXCHANGE);
    }

    @Override
    public void send(ByteBuffer[] buffers) {
      send(buffers, IoCallback.END_EXCHANGE);
    }

    @Override
    public void send(String data, IoCallback callback) {
      send(data, StandardCharsets.UTF_8, callback);
    }

    @Override
    public void send(String data, Charset charset, IoCallback callback) {
      send(ByteBuffer.wrap(data.getBytes(charset)), callback);
    }

    @Override
    public void send(String data) {
      send(data, IoCallback.END_EXCHANGE);
    }

    @Override
    public void send(String data, Charset charset) {
      send(data, charset, IoCallback.END_EXCHANGE);
    }

    @Override
    public void transferFrom(FileChannel channel, IoCallback callback) {
      try {
        ByteBuffer chunk = ByteBuffer.allocate(16 * 1024);
        while (channel.read(chunk) >= 0) {
          chunk.flip();
          append(chunk);
          chunk.clear();
        }
      } catch (IOException | RuntimeException e) {
        callback.onException(
            exchange, this, e instanceof IOException io ? io : new IOException(e.getMessage(), e));
        return;
      }
      done(callback);
    }

    @Override
    public void close(IoCallback callback) {
      done(callback);
    }

    @Override
    public void close() {
      commit();
    }

    // Callbacks of sends made from inside a callback, run by the outermost done() in turn.
    // Made on the first nested send only: most responses never send from a callback.
    private ArrayDeque<IoCallback> pending;
    private boolean completing;

    /**
     * Ending the exchange means sending the body, which completes later: {@link
     * IoCallback#END_EXCHANGE} therefore commits instead of ending the exchange under the send.
     *
     * <p>A send completes at once here, and Undertow's resource handler sends a file chunk by
     * chunk, each from the previous chunk's callback: run recursively, a 1.6 MB file would nest a
     * hundred callbacks deep and overflow the stack. So a callback that sends again only queues the
     * next callback, and the outermost call runs them one after the other.
     */
    private void done(IoCallback callback) {
      if (callback == IoCallback.END_EXCHANGE) {
        commit();
        return;
      }
      if (completing) {
        if (pending == null) {
          pending = new ArrayDeque<>();
        }
        pending.add(callback);
        return;
      }
      completing = true;
      try {
        callback.onComplete(exchange, this);
        for (IoCallback next = poll(); next != null; next = poll()) {
          next.onComplete(exchange, this);
        }
      } finally {
        completing = false;
      }
    }

    private IoCallback poll() {
      return pending == null ? null : pending.poll();
    }
  }
}
