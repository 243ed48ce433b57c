package io.keybox.server.http;

import io.undertow.connector.ByteBufferPool;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.ConnectorStatistics;
import io.undertow.server.DelegateOpenListener;
import io.undertow.server.HttpHandler;
import io.undertow.server.protocol.http.HttpOpenListener;
import java.nio.ByteBuffer;
import org.xnio.OptionMap;
import org.xnio.StreamConnection;

/**
 * Undertow's HTTP/1.1 open listener with Keybox's conduits under each new connection ({@link
 * ScanningSourceConduit} and {@link JsonErrorConduit}), so that a request Undertow rejects before
 * any handler runs still gets a JSON error naming the problem, a request id and an access log line.
 * HTTP/2 connections (negotiated by ALPN) do not come through here.
 */
final class StrictHttpOpenListener implements DelegateOpenListener {
  private final HttpOpenListener delegate;
  private final Limits limits;
  private final AccessLog accessLog;

  StrictHttpOpenListener(HttpOpenListener delegate, Limits limits, AccessLog accessLog) {
    this.delegate = delegate;
    this.limits = limits;
    this.accessLog = accessLog;
  }

  @Override
  public void handleEvent(StreamConnection connection) {
    handleEvent(connection, null);
  }

  @Override
  public void handleEvent(StreamConnection connection, PooledByteBuffer alreadyRead) {
    RequestHeadScanner scanner = new RequestHeadScanner(limits.maxHeadBytes(), limits.maxHeaders());
    connection
        .getSourceChannel()
        .setConduit(new ScanningSourceConduit(connection.getSourceChannel().getConduit(), scanner));
    connection
        .getSinkChannel()
        .setConduit(
            new JsonErrorConduit(connection.getSinkChannel().getConduit(), scanner, accessLog));
    if (alreadyRead != null) {
      // TLS with ALPN read the first bytes already; they never pass the source conduit.
      ByteBuffer bytes = alreadyRead.getBuffer();
      scanner.scan(bytes, bytes.position(), bytes.limit());
    }
    delegate.handleEvent(connection, alreadyRead);
  }

  @Override
  public HttpHandler getRootHandler() {
    return delegate.getRootHandler();
  }

  @Override
  public void setRootHandler(HttpHandler rootHandler) {
    delegate.setRootHandler(rootHandler);
  }

  @Override
  public OptionMap getUndertowOptions() {
    return delegate.getUndertowOptions();
  }

  @Override
  public void setUndertowOptions(OptionMap undertowOptions) {
    delegate.setUndertowOptions(undertowOptions);
  }

  @Override
  public ByteBufferPool getBufferPool() {
    return delegate.getBufferPool();
  }

  @Override
  public ConnectorStatistics getConnectorStatistics() {
    return delegate.getConnectorStatistics();
  }

  @Override
  public void closeConnections() {
    delegate.closeConnections();
  }
}
