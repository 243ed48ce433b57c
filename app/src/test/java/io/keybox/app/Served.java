package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.pull.fixture.ResoRecords;
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
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real server over a data directory, with one key ({@code k}, secret {@code s}) that reads
 * vendor v and its agents.
 */
final class Served implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Server server;
  private final HttpClient client = HttpClient.newHttpClient();
  private final String authorization =
      "Basic " + Base64.getEncoder().encodeToString("k:s".getBytes(StandardCharsets.UTF_8));

  Served(Path data) throws Exception {
    this(data, Optional.empty());
  }

  /** With {@code tokenKey}, the server also issues bearer tokens ({@code serve --token-key}). */
  Served(Path data, Optional<Path> tokenKey) throws Exception {
    this(data, options -> tokenKey.ifPresent(options::tokenKey));
  }

  /** With what {@code more} sets besides (a replica's store, the photos' base URL). */
  Served(Path data, java.util.function.Consumer<ServerOptions.Builder> more) throws Exception {
    Path keys = data.resolve("keys.json");
    Files.writeString(
        keys,
        "{\"keys\": [{\"key\": \"k\", \"secretHash\": \""
            + SecretHash.create("s", 1000).encoded()
            + "\", \"vendors\": [\"v\"], \"addons\": [\"agents\"]}]}");
    ServerOptions.Builder options =
        ServerOptions.builder(data).keys(keys).port(0).corsOrigins(List.of()).maxConcurrent(4);
    more.accept(options);
    server = Server.start(options.build(), new PrintStream(OutputStream.nullOutputStream()));
  }

  /** The server's port. */
  int port() {
    return server.port();
  }

  /** The answer to {@code path}, which must be 200. */
  HttpResponse<String> get(String path) throws Exception {
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Authorization", authorization)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), path + ": " + response.body());
    return response;
  }

  /** The status of {@code path} asked with the key's credentials. */
  int status(String path) throws Exception {
    return client
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Authorization", authorization)
                .build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  /** The JSON answer of {@code path}, which must be 200. */
  JsonNode json(String path) throws Exception {
    return JSON.readTree(get(path).body());
  }

  /** A request without credentials, as a browser's {@code <img>} sends it. */
  HttpResponse<byte[]> anonymous(String path, String method, String... headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .method(method, HttpRequest.BodyPublishers.noBody());
    if (headers.length > 0) {
      request.headers(headers);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** The mlsId this server gave listing {@code listing} of the RESO fixture (vendor v). */
  long mlsId(int listing) throws Exception {
    return one("/properties?vendor=v&idx=ignore&q=" + ResoRecords.listingId(listing))
        .get("mlsId")
        .asLong();
  }

  /**
   * The digests of a listing's photo URLs, in order; each URL must match {@code urls}, whose first
   * group is the digest.
   */
  static List<String> photoDigests(JsonNode listing, Pattern urls) {
    List<String> digests = new ArrayList<>();
    for (JsonNode url : listing.path("photos")) {
      Matcher m = urls.matcher(url.asText());
      assertTrue(m.matches(), url.asText());
      digests.add(m.group(1));
    }
    return digests;
  }

  long count(String path) throws Exception {
    return Long.parseLong(
        get(path + "&count=true&limit=1").headers().firstValue("X-Total-Count").orElseThrow());
  }

  JsonNode one(String path) throws Exception {
    JsonNode array = JSON.readTree(get(path).body());
    assertEquals(1, array.size(), path + ": " + array);
    return array.get(0);
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
