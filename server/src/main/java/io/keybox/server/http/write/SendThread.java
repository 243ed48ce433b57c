package io.keybox.server.http.write;

/**
 * The thread that sends a reply's buffered body: the sender's one choice, kept apart so that it is
 * written (and tested) once. Sending never blocks; the choice is about which thread does the copy
 * (and compression or encryption) and ends the exchange.
 */
enum SendThread {
  /**
   * A request of the IO thread's lane: sent on this IO thread, once the handler call has returned
   * (as a worker's answer is sent from a task of the IO thread), so that the exchange ends through
   * the send's callback alone and not also as the call returns.
   */
  THIS_IO_THREAD_AFTER_RETURN,

  /**
   * On this worker, now: the exchange was dispatched again (it ends off the IO thread anyway), or
   * the body is too large to compress or encrypt on an IO thread that serves many connections.
   */
  THIS_WORKER,

  /**
   * Handed to the connection's IO thread, which sends it and ends the exchange: ended on a worker,
   * Undertow hands the connection back to its IO thread through a state the IO thread spins on (in
   * HttpReadListener) while the worker wakes the selector; with 8 clients on 2 cores that spin took
   * a third of the server's CPU on small pages.
   */
  CONNECTION_IO_THREAD;

  /**
   * The largest body compressed or encrypted on the IO thread (a page of 20 listings is about 90
   * KB; a page of 500, 2.2 MB, goes from the worker).
   */
  static final long IO_THREAD_TRANSFORM_LIMIT = 128 * 1024;

  /**
   * The thread for a body of {@code length} bytes.
   *
   * @param onIoThread the handler runs on the connection's IO thread (its lane)
   * @param dispatched the exchange was dispatched again by the handler
   * @param transformed the body is compressed (the client accepts an encoding) or encrypted (TLS)
   */
  static SendThread choose(
      boolean onIoThread, boolean dispatched, boolean transformed, long length) {
    if (onIoThread) {
      return THIS_IO_THREAD_AFTER_RETURN;
    }
    boolean cheap = !transformed || length <= IO_THREAD_TRANSFORM_LIMIT;
    return dispatched || !cheap ? THIS_WORKER : CONNECTION_IO_THREAD;
  }
}
