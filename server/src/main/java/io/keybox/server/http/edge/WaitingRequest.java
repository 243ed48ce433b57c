package io.keybox.server.http.edge;

import org.xnio.XnioExecutor;

/**
 * A request waiting in the admission queue, with its queue timer. Exactly one of its admission and
 * its expiry {@link #take}s the request (the queue decides which); taking it cancels the timer and
 * drops the reference, so neither the timer nor this holder keeps the request, and the response
 * body it will buffer, alive afterwards.
 *
 * @param <T> the request (an exchange; anything in tests)
 */
final class WaitingRequest<T> {
  private T request;
  private XnioExecutor.Key timer;
  private boolean taken;

  WaitingRequest(T request) {
    this.request = request;
  }

  /** Sets the queue timer; cancels it at once if the request was taken before it was set. */
  synchronized void timer(XnioExecutor.Key key) {
    if (taken) {
      key.remove();
    } else {
      timer = key;
    }
  }

  /** The request, handed over once (null after that); cancels the queue timer. */
  synchronized T take() {
    T handedOver = request;
    taken = true;
    request = null;
    if (timer != null) {
      timer.remove();
      timer = null;
    }
    return handedOver;
  }
}
