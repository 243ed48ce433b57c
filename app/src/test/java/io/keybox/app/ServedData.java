package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.server.Server;
import io.keybox.server.ServerOptions;
import io.keybox.server.auth.SecretHash;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * The real server over a data directory that the commands under test wrote, with one key ({@code k}
 * / {@code s}) that reads vendor {@code v} and its agents: what the app's command tests check their
 * results through.
 */
final class ServedData implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Server server;
  private final HttpClient client = HttpClient.newHttpClient();
  private final String authorization =
      "Basic " + Base64.getEncoder().encodeToString("k:s".getBytes(StandardCharsets.UTF_8));

  ServedData(Path data) throws Exception {
    Path keys = data.resolve("keys.json");
    Files.writeString(
        keys,
        "{\"keys\": [{\"key\": \"k\", \"secretHash\": \""
            + SecretHash.create("s", 1000).encoded()
            + "\", \"vendors\": [\"v\"], \"addons\": [\"agents\"]}]}");
    server =
        Server.start(
            ServerOptions.builder(data)
                .keys(keys)
                .port(0)
                .corsOrigins(List.of())
                .maxConcurrent(4)
                .build(),
            new PrintStream(OutputStream.nullOutputStream()));
  }

  /** {@code path} with the key's credentials; asserts a 200. */
  HttpResponse<String> get(String path) throws Exception {
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(uri(path)).header("Authorization", authorization).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), path + ": " + response.body());
    return response;
  }

  /** The JSON answer of {@code path}. */
  JsonNode json(String path) throws Exception {
    return JSON.readTree(get(path).body());
  }

  /** The total count of a search. */
  long count(String path) throws Exception {
    return Long.parseLong(
        get(path + "&count=true&limit=1").headers().firstValue("X-Total-Count").orElseThrow());
  }

  /** The one record a search finds. */
  JsonNode one(String path) throws Exception {
    JsonNode array = json(path);
    assertEquals(1, array.size(), path + ": " + array);
    return array.get(0);
  }

  /** A request without credentials, as a browser's {@code <img>} sends it. */
  HttpResponse<byte[]> anonymous(String path, String method, String... headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri(path)).method(method, HttpRequest.BodyPublishers.noBody());
    if (headers.length > 0) {
      request.headers(headers);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.port() + path);
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
