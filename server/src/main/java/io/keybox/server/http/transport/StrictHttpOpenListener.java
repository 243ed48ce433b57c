package io.keybox.server.http.transport;

import io.keybox.server.http.Limits;
import io.keybox.server.http.edge.AccessLog;
import io.undertow.connector.ByteBufferPool;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.AbstractServerConnection;
import io.undertow.server.ConnectorStatistics;
import io.undertow.server.DelegateOpenListener;
import io.undertow.server.HttpHandler;
import io.undertow.server.protocol.http.HttpOpenListener;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.xnio.OptionMap;
import org.xnio.StreamConnection;

/**
 * Undertow's HTTP/1.1 open listener with Keybox's conduits under each new connection ({@link
 * RequestStartConduit} and {@link JsonErrorConduit}), so that a request Undertow rejects before any
 * handler runs still gets a JSON error, a request id and an access log line. The root handler is
 * wrapped to tell a connection's conduits when a Keybox handler got its request: one that none got
 * was refused by Undertow's Host check. HTTP/2 connections (negotiated by ALPN) do not come through
 * here.
 */
final class StrictHttpOpenListener implements DelegateOpenListener {
  private final HttpOpenListener delegate;
  private final Limits limits;
  private final AccessLog accessLog;

  /**
   * The input conduit of each open connection, to tell it when a handler got its request. Weak, in
   * case a connection ends without ending its reads.
   */
  private final Map<StreamConnection, RequestStartConduit> open =
      Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * Listens with {@code delegate}, whose root handler becomes {@code root} behind a handler that
   * tells each connection's conduits that Keybox got its request.
   */
  StrictHttpOpenListener(
      HttpOpenListener delegate, HttpHandler root, Limits limits, AccessLog accessLog) {
    this.delegate = delegate;
    this.limits = limits;
    this.accessLog = accessLog;
    setRootHandler(root);
  }

  @Override
  public void setRootHandler(HttpHandler root) {
    delegate.setRootHandler(
        exchange -> {
          if (exchange.getConnection() instanceof AbstractServerConnection connection) {
            RequestStartConduit request = open.get(connection.getChannel());
            if (request != null) {
              request.handled();
            }
          }
          root.handleRequest(exchange);
        });
  }

  @Override
  public void handleEvent(StreamConnection connection) {
    handleEvent(connection, null);
  }

  @Override
  public void handleEvent(StreamConnection connection, PooledByteBuffer alreadyRead) {
    RequestStartConduit request =
        new RequestStartConduit(
            connection.getSourceChannel().getConduit(), () -> open.remove(connection));
    JsonErrorConduit errors =
        new JsonErrorConduit(
            connection.getSinkChannel().getConduit(), request, limits.maxHeadBytes(), accessLog);
    request.answerRefusalsWith(errors);
    connection.getSourceChannel().setConduit(request);
    connection.getSinkChannel().setConduit(errors);
    open.put(connection, request);
    if (alreadyRead != null) {
      // TLS with ALPN read the first bytes already; they never pass the source conduit.
      request.alreadyRead(alreadyRead.getBuffer());
    }
    delegate.handleEvent(connection, alreadyRead);
  }

  /** NOTE: the handler in front of the one given, which tells the conduits about each request. */
  @Override
  public HttpHandler getRootHandler() {
    return delegate.getRootHandler();
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
