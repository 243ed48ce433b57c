package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code keybox serve} child JVM (this JVM's Java and class path) and the port it listens on, for
 * the tests that kill a server with SIGKILL: {@link #kill} is {@link Process#destroyForcibly},
 * which the JDK sends as SIGKILL on Linux (no shutdown hook runs, nothing is cleaned up).
 */
record ServeChild(Process process, int port, StringBuffer output) {
  private static final Pattern LISTENING =
      Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");
  private static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** Starts {@code keybox serve ARGS} and waits until it says which port it listens on. */
  static ServeChild start(List<String> args) throws Exception {
    Process process =
        new ProcessBuilder(Commands.inChildJvm("serve", args)).redirectErrorStream(true).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    StringBuffer output = new StringBuffer();
    CompletableFuture<Integer> port = new CompletableFuture<>();
    Thread.ofPlatform()
        .daemon()
        .start(
            () -> {
              try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                  output.append(line).append('\n');
                  Matcher m = LISTENING.matcher(line);
                  if (m.find()) {
                    port.complete(Integer.parseInt(m.group(1)));
                  }
                }
              } catch (IOException e) {
                // the process ended
              }
              port.completeExceptionally(new IllegalStateException("serve ended: " + output));
            });
    try {
      // A bound, not a wait: a busy 2-core machine has taken over 30 s to start a JVM.
      return new ServeChild(process, port.get(120, TimeUnit.SECONDS), output);
    } catch (Exception e) {
      process.destroyForcibly();
      throw e;
    }
  }

  /** The JSON answer to an anonymous GET of {@code path}, with its status as {@code httpStatus}. */
  JsonNode get(String path) throws Exception {
    return send(HttpRequest.newBuilder(uri(path)).build());
  }

  /** The JSON answer to {@code request}, with its status as {@code httpStatus}. */
  JsonNode send(HttpRequest request) throws Exception {
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    return ((ObjectNode) JSON.readTree(response.body())).put("httpStatus", response.statusCode());
  }

  /** The URI of {@code path} on this server. */
  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  String metrics() throws Exception {
    return HTTP.send(
            HttpRequest.newBuilder(uri("/-/metrics")).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  /** SIGKILL: no shutdown hook runs, nothing is cleaned up. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
  }
}
