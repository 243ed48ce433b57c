package io.keybox.bench.media;

import io.keybox.bench.keybox.HttpConnection;
import io.keybox.bench.load.Round;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The media class's client: {@code clients} threads, each with one keep-alive {@link
 * HttpConnection} (the client every HTTP system of the bench is driven by), sending {@code GET} of
 * the photo paths back to back, each client starting at its own place in the list and going round
 * it. As in the query classes, a request counts when it starts inside the measured window, and the
 * window closes when the last of those is answered. An answer counts when it is a 200 with a body.
 */
final class MediaLoad {
  private MediaLoad() {}

  /**
   * One warm-up and one measured window against {@code port} on loopback, the requests naming
   * {@code hostName} in their {@code Host} header.
   */
  static Round run(
      int port, String hostName, List<String> paths, int clients, Duration warmup, Duration measure)
      throws InterruptedException {
    long start = System.nanoTime();
    long measureFrom = start + warmup.toNanos();
    long measureTo = measureFrom + measure.toNanos();
    List<Client> workers = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      Client client =
          new Client(port, hostName, paths, i * paths.size() / clients, measureFrom, measureTo);
      workers.add(client);
      client.thread.start();
    }
    long errors = 0;
    long bytes = 0;
    long lastDone = measureFrom;
    int samples = 0;
    String firstError = null;
    for (Client client : workers) {
      client.thread.join();
      errors += client.errors;
      bytes += client.bytes;
      samples += client.count;
      lastDone = Math.max(lastDone, client.lastDone);
      firstError = firstError != null ? firstError : client.firstError;
    }
    long[] all = new long[samples];
    int at = 0;
    for (Client client : workers) {
      System.arraycopy(client.latencies, 0, all, at, client.count);
      at += client.count;
    }
    return new Round(
        all, errors, bytes, Math.max(1e-9, (lastDone - measureFrom) / 1e9), firstError);
  }

  private static final class Client implements Runnable {
    final Thread thread = new Thread(this, "bench-media-client");
    private final HttpConnection connection;
    private final List<String> paths;
    private final long measureFrom;
    private final long measureTo;
    private int next;
    long[] latencies = new long[1 << 14];
    int count;
    long errors;
    long bytes;
    long lastDone;
    String firstError;

    Client(
        int port,
        String hostName,
        List<String> paths,
        int first,
        long measureFrom,
        long measureTo) {
      this.connection = new HttpConnection("127.0.0.1", port, hostName, "");
      this.paths = paths;
      this.next = first;
      this.measureFrom = measureFrom;
      this.measureTo = measureTo;
    }

    @Override
    public void run() {
      try {
        while (true) {
          long sent = System.nanoTime();
          if (sent >= measureTo) {
            return;
          }
          String path = paths.get(next);
          next = (next + 1) % paths.size();
          String error = null;
          int length = 0;
          try {
            HttpConnection.Response response = connection.get(path);
            length = response.bodyLength();
            if (response.status() != 200 || length == 0) {
              error = "HTTP " + response.status() + " for " + path;
            }
          } catch (IOException e) {
            error = e + " for " + path;
          }
          long done = System.nanoTime();
          if (sent < measureFrom) {
            continue;
          }
          lastDone = done;
          if (error != null) {
            errors++;
            firstError = firstError != null ? firstError : error;
            continue;
          }
          if (count == latencies.length) {
            latencies = Arrays.copyOf(latencies, count * 2);
          }
          latencies[count++] = done - sent;
          bytes += length;
        }
      } finally {
        connection.close();
      }
    }
  }
}
