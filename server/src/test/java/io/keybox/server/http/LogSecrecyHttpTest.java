package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.keybox.server.auth.Authenticator;
import io.keybox.server.auth.SecretHash;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No log line, access log or server log, carries a secret, a secret hash or an Authorization
 * header, whatever the requests: good and wrong credentials, malformed requests, a failed request,
 * keys file reloads.
 */
class LogSecrecyHttpTest {
  private static final String SECRET = "Tr0ub4dor&3-correct-horse";
  private static final String WRONG = "battery-staple-WRONG";

  @TempDir Path dataDir;
  @TempDir Path config;

  @Test
  void noLogLineCarriesASecretOrAnAuthorizationHeader() throws Exception {
    FixtureServer.index(dataDir, "fixture", "basic");
    String hash = SecretHash.create(SECRET, 1000).encoded();
    Path keys = config.resolve("keys.json");
    Files.writeString(keys, keysFile(hash));

    List<String> serverLog = new CopyOnWriteArrayList<>();
    Logger root = Logger.getLogger("");
    Logger keybox = Logger.getLogger("io.keybox");
    Logger edge = Logger.getLogger("keybox.server");
    Level keyboxLevel = keybox.getLevel();
    Level edgeLevel = edge.getLevel();
    Handler capture =
        new Handler() {
          private final SimpleFormatter format = new SimpleFormatter();

          @Override
          public void publish(LogRecord record) {
            serverLog.add(format.format(record));
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    capture.setLevel(Level.ALL);
    root.addHandler(capture);
    keybox.setLevel(Level.ALL);
    edge.setLevel(Level.ALL);
    ByteArrayOutputStream accessLog = new ByteArrayOutputStream();
    int requests = 0;
    try {
      Authenticator authenticator = new Authenticator();
      try (FixtureServer server =
          FixtureServer.readingKeys(
              dataDir,
              keys,
              authenticator,
              new PrintStream(accessLog, true, StandardCharsets.UTF_8))) {
        for (String[] credentials :
            List.of(
                new String[] {"demo", SECRET},
                new String[] {"demo", SECRET},
                new String[] {"demo", WRONG},
                new String[] {"nobody", WRONG})) {
          server.get("/properties?limit=1", credentials[0], credentials[1]);
          requests++;
        }
        server.send(
            HttpRequest.newBuilder(server.uri("/properties"))
                .header("Authorization", "Basic " + b64("demo:" + WRONG) + "=="),
            null,
            null);
        server.send(
            HttpRequest.newBuilder(server.uri("/properties"))
                .header("Authorization", "Bearer " + SECRET),
            null,
            null);
        server.rawGet("/properties?cities=%ZZ", "demo", SECRET);
        server.rawGet("/properties?cities=%FF", "demo", WRONG);
        server.raw(
            ("GET /properties HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic "
                    + b64("demo:" + SECRET)
                    + "\r\nBad Header: "
                    + SECRET
                    + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        requests += 5;
        // A reload: the keys file changes, and then breaks.
        Files.writeString(keys, keysFile(SecretHash.create(SECRET, 1001).encoded()));
        Thread.sleep(300);
        Files.writeString(keys, "{\"keys\": [{\"key\": \"demo\", \"secretHash\": \"" + SECRET);
        Thread.sleep(300);
        server.get("/properties/999", "demo", SECRET);
        requests++;
        Thread.sleep(200); // the last access log lines are written as exchanges complete
      }
    } finally {
      root.removeHandler(capture);
      keybox.setLevel(keyboxLevel);
      edge.setLevel(edgeLevel);
    }
    List<String> lines =
        new ArrayList<>(accessLog.toString(StandardCharsets.UTF_8).lines().toList());
    assertEquals(requests, lines.size(), "one access log line per request:\n" + lines);
    lines.addAll(serverLog);
    List<String> forbidden =
        List.of(
            SECRET,
            WRONG,
            b64("demo:" + SECRET),
            b64("demo:" + WRONG),
            hash.substring(hash.lastIndexOf('$') + 1),
            "authorization",
            "basic ");
    for (String line : lines) {
      for (String secret : forbidden) {
        assertFalse(
            line.toLowerCase(Locale.ROOT).contains(secret.toLowerCase(Locale.ROOT)),
            "a log line carries '" + secret + "': " + line);
      }
    }
  }

  private static String keysFile(String hash) {
    return "{\"keys\": [{\"key\": \"demo\", \"secretHash\": \""
        + hash
        + "\", \"vendors\": [\"fixture\"]}]}";
  }

  private static String b64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }
}
