package io.keybox.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeysFileTest {

  // Made once with SecretHash.create("s3cret", 1000); any well-formed hash would do.
  private static final String HASH = SecretHash.create("s3cret", 1_000).encoded();

  @TempDir Path dir;

  @Test
  void loadsEveryFieldOfAGoodFile() throws Exception {
    Path file =
        write(
            """
            { "keys": [
              { "key": "demo", "secretHash": "%1$s",
                "vendors": ["houston", "austin"], "addons": ["agents"],
                "rateLimit": { "perSecond": 7, "burst": 21 } },
              { "key": "plain", "secretHash": "%1$s", "vendors": ["austin"] } ] }
            """
                .formatted(HASH));

    Accounts accounts = KeysFile.load(file);

    assertEquals(2, accounts.size());
    Account demo = accounts.find("demo").orElseThrow();
    assertEquals("demo", demo.key());
    assertEquals(List.of("houston", "austin"), demo.vendors());
    assertEquals(Set.of(Addon.AGENTS), demo.addons());
    assertTrue(demo.has(Addon.AGENTS));
    assertTrue(demo.mayRead("austin"));
    assertFalse(demo.mayRead("dallas"));
    assertEquals(new RateLimit(7, 21), demo.rateLimit());
    assertEquals(SecretHash.parse(HASH), demo.secretHash());
    assertTrue(demo.secretHash().matches("s3cret"));

    Account plain = accounts.find("plain").orElseThrow();
    assertEquals(List.of("austin"), plain.vendors());
    assertEquals(Set.of(), plain.addons());
    assertFalse(plain.has(Addon.AGENTS));
    assertEquals(new RateLimit(50, 100), plain.rateLimit());
    assertEquals(RateLimit.DEFAULT, plain.rateLimit());

    assertEquals(List.of("demo", "plain"), accounts.all().stream().map(Account::key).toList());
    assertTrue(accounts.find("nobody").isEmpty());
  }

  @Test
  void nullMeansAbsentForOptionalFields() throws Exception {
    Accounts accounts =
        KeysFile.load(
            write(
                """
                {"keys":[{"key":"k","secretHash":"%s","vendors":["v"],"addons":null,"rateLimit":null}]}
                """
                    .formatted(HASH)));
    Account k = accounts.find("k").orElseThrow();
    assertEquals(Set.of(), k.addons());
    assertEquals(RateLimit.DEFAULT, k.rateLimit());
  }

  @Test
  void emptyKeysListIsAllowedAndRevokesEveryone() throws Exception {
    assertEquals(0, KeysFile.load(write("{\"keys\": []}")).size());
  }

  @Test
  void accountToStringDoesNotShowTheHash() throws Exception {
    Account demo = KeysFile.load(write(entry("\"key\":\"demo\",\"vendors\":[\"v\"]"))).all().get(0);
    String salt = HASH.split("\\$")[2];
    assertFalse(demo.toString().contains(salt), demo.toString());
    assertTrue(demo.toString().contains("<redacted>"), demo.toString());
  }

  @Test
  void missingFileIsNamed() {
    Path missing = dir.resolve("nope.json");
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(missing));
    assertEquals("keys file " + missing + ": no such file", e.getMessage());
  }

  /** Each row: the body of the first entry (after the secretHash), and the expected message. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "\"vendors\":[\"v\"]                           | keys[0]: missing \"key\"",
        "\"key\":7,\"vendors\":[\"v\"]                 | keys[0]: \"key\" must be a string, got a number",
        "\"key\":\"\",\"vendors\":[\"v\"]              | keys[0] (\"\"): key must not be empty",
        "\"key\":\"a:b\",\"vendors\":[\"v\"]           | keys[0] (\"a:b\"): key must not contain ':' (got: 'a:b')",
        "\"key\":\"k\"                                 | keys[0] (\"k\"): missing \"vendors\"",
        "\"key\":\"k\",\"vendors\":[]                  | keys[0] (\"k\"): \"vendors\" is empty",
        "\"key\":\"k\",\"vendors\":\"houston\"         | keys[0] (\"k\"): \"vendors\" must be an array of strings, got a string",
        "\"key\":\"k\",\"vendors\":[1]                 | keys[0] (\"k\"): \"vendors\" must hold strings only, got a number",
        "\"key\":\"k\",\"vendors\":[\" \"]             | keys[0] (\"k\"): a vendor name must not be empty",
        "\"key\":\"k\",\"vendors\":[\"v\",\"v\"]       | keys[0] (\"k\"): vendor 'v' is listed twice",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"addons\":[\"agent\"] | keys[0] (\"k\"): unknown add-on 'agent'; known: agents",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"addons\":[\"agents\",\"agents\"] | keys[0] (\"k\"): add-on 'agents' is listed twice",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":5 | keys[0] (\"k\"): \"rateLimit\" must be an object",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":{\"perSecond\":0,\"burst\":1} | keys[0] (\"k\"): \"rateLimit.perSecond\" must be an integer 1..1000000 (got: 0)",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":{\"perSecond\":-3,\"burst\":1} | \"rateLimit.perSecond\" must be an integer 1..1000000 (got: -3)",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":{\"perSecond\":2.5,\"burst\":1} | \"rateLimit.perSecond\" must be an integer 1..1000000 (got: 2.5)",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":{\"perSecond\":\"9\",\"burst\":1} | \"rateLimit.perSecond\" must be an integer 1..1000000 (got: a string)",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":{\"perSecond\":5,\"burst\":0} | \"rateLimit.burst\" must be an integer 1..1000000 (got: 0)",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":{\"perSecond\":5,\"burst\":99999999999} | \"rateLimit.burst\" must be an integer 1..1000000 (got: 99999999999)",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":{\"perSecond\":5} | keys[0] (\"k\"): missing \"rateLimit.burst\"",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"rateLimit\":{\"perSecond\":5,\"burst\":5,\"perMinute\":1} | keys[0] (\"k\"): unknown property \"rateLimit.perMinute\"; allowed: burst, perSecond",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"vendor\":\"x\" | keys[0] (\"k\"): unknown property \"vendor\"; allowed: addons, key, rateLimit, secretHash, vendors",
        "\"key\":\"k\",\"vendors\":[\"v\"],\"secret\":\"x\" | keys[0] (\"k\"): unknown property \"secret\"; allowed: addons, key, rateLimit, secretHash, vendors; the keys file holds only \"secretHash\"",
      })
  void badEntriesAreRejectedNamingTheProblem(String body, String expected) throws Exception {
    Path file = write(entry(body));
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(file));
    assertTrue(e.getMessage().startsWith("keys file " + file + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  /** Each row: the whole file, and the expected message after "keys file PATH: ". */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "``                                   | the file is empty; expected {\"keys\": [...]}",
        "`   `                                | the file is empty; expected {\"keys\": [...]}",
        "{\"keys\": [                          | not valid JSON (line 1, column 11)",
        "keys: []                             | not valid JSON (line 1, column 1)",
        "{\"keys\": []} {}                      | unexpected content after the top-level JSON object (line 1, column 14)",
        "[]                                   | expected a JSON object {\"keys\": [...]}, got an array",
        "{}                                   | missing \"keys\"; expected {\"keys\": [...]}",
        "{\"key\": []}                          | unknown property \"key\"; allowed: keys",
        "{\"keys\": {}}                         | \"keys\" must be an array, got an object",
        "{\"keys\": [\"demo\"]}                 | keys[0]: expected an object, got a string",
        "{\"keys\": [], \"keys\": []}            | a property appears twice in one object: 'keys' (line 1, column 20)",
      })
  void badFilesAreRejectedNamingTheProblem(String content, String expected) throws Exception {
    Path file = write(content);
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(file));
    assertEquals("keys file " + file + ": " + expected, e.getMessage());
  }

  @Test
  void messageStaysOneLineWhateverTheNamesHold() throws Exception {
    Path file = write(entry("\"key\":\"a\\nb\",\"vendors\":[\"v\\r\",\"v\\r\"]"));
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(file));
    assertEquals(
        "keys file " + file + ": keys[0] (\"a?b\"): key must not contain control characters",
        e.getMessage());
  }

  @Test
  void duplicateKeyNamesBothEntries() throws Exception {
    Path file =
        write(
            """
            {"keys":[
              {"key":"a","secretHash":"%1$s","vendors":["v"]},
              {"key":"b","secretHash":"%1$s","vendors":["v"]},
              {"key":"a","secretHash":"%1$s","vendors":["w"]}]}
            """
                .formatted(HASH));
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(file));
    assertEquals(
        "keys file " + file + ": keys[2] (\"a\"): duplicate key; keys[0] has the same key",
        e.getMessage());
  }

  @Test
  void duplicatePropertyInAnEntryIsRejected() throws Exception {
    Path file =
        write(
            "{\"keys\":[{\"key\":\"a\",\"key\":\"b\",\"secretHash\":\"%s\",\"vendors\":[\"v\"]}]}"
                .formatted(HASH));
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(file));
    assertTrue(
        e.getMessage().contains("a property appears twice in one object: 'key'"), e.getMessage());
  }

  @Test
  void malformedHashIsRejectedWithoutEchoingIt() throws Exception {
    String truncated = HASH.substring(0, HASH.length() - 4);
    Path file =
        write(
            "{\"keys\":[{\"key\":\"demo\",\"secretHash\":\"%s\",\"vendors\":[\"v\"]}]}"
                .formatted(truncated));
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(file));
    assertTrue(
        e.getMessage()
            .startsWith("keys file " + file + ": keys[0] (\"demo\"): secretHash is malformed: "),
        e.getMessage());
    assertTrue(e.getMessage().contains("./run.sh keys hash"), e.getMessage());
    assertFalse(e.getMessage().contains(truncated.split("\\$")[2]), e.getMessage());
  }

  @Test
  void clearSecretInPlaceOfTheHashIsRejectedWithoutEchoingIt() throws Exception {
    Path file = write(entry("\"key\":\"k\",\"vendors\":[\"v\"]").replace(HASH, "hunter2"));
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(file));
    assertTrue(e.getMessage().contains("secretHash is malformed"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void brokenJsonAroundAHashDoesNotEchoIt() throws Exception {
    // The hash lost its opening quote: Jackson's own message would quote the token.
    Path file = write(entry("\"key\":\"k\",\"vendors\":[\"v\"]").replace("\"" + HASH, HASH));
    KeysFileException e = assertThrows(KeysFileException.class, () -> KeysFile.load(file));
    assertTrue(e.getMessage().contains("not valid JSON (line 1, column "), e.getMessage());
    assertFalse(e.getMessage().contains("pbkdf2"), e.getMessage());
  }

  @Test
  void shippedDemoKeysFileLoadsAndItsSecretIsDemo() throws Exception {
    Path demo = Path.of("..", "data", "demo-keys.json");
    Accounts accounts = KeysFile.load(demo);
    assertEquals(1, accounts.size());
    Account account = accounts.find("demo").orElseThrow();
    assertEquals(List.of("houston"), account.vendors());
    assertEquals(Set.of(Addon.AGENTS), account.addons());
    assertEquals(new RateLimit(50, 100), account.rateLimit());
    assertEquals(SecretHash.DEFAULT_ITERATIONS, account.secretHash().iterations());
    assertTrue(account.secretHash().matches("demo"));
  }

  /** A keys file of one entry: {@code {"secretHash": HASH, <body>}}. */
  private static String entry(String body) {
    return "{\"keys\":[{\"secretHash\":\"" + HASH + "\"," + body + "}]}";
  }

  private Path write(String content) throws Exception {
    Path file = Files.createTempFile(dir, "keys", ".json");
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }
}
