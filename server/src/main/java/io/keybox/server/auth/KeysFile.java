package io.keybox.server.auth;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the keys file (OPERATIONS.md §5):
 *
 * <pre>{@code
 * { "keys": [
 *   { "key": "demo", "secretHash": "pbkdf2-sha256$600000$...$...",
 *     "vendors": ["houston"], "addons": ["agents"],
 *     "rateLimit": { "perSecond": 50, "burst": 100 } } ] }
 * }</pre>
 *
 * <p>{@code key}, {@code secretHash} and a non-empty {@code vendors} list are required; {@code
 * addons} defaults to none and {@code rateLimit} to {@link RateLimit#DEFAULT}. Validation is
 * strict, to catch typos before they lock a customer out: unknown properties, duplicate keys,
 * unknown add-ons and malformed hashes all reject the whole file. An empty {@code keys} list is
 * allowed (it revokes every key).
 */
public final class KeysFile {

  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  private static final Set<String> TOP_LEVEL = Set.of("keys");
  private static final Set<String> ENTRY =
      Set.of("key", "secretHash", "vendors", "addons", "rateLimit");
  private static final Set<String> RATE_LIMIT = Set.of("perSecond", "burst");

  private KeysFile() {}

  /**
   * Reads and validates a keys file.
   *
   * @throws KeysFileException naming the file, the entry and the problem
   */
  public static Accounts load(Path file) throws KeysFileException {
    return parse(read(file), file.toString());
  }

  /** The bytes of a keys file, or a message saying why it cannot be read. */
  static byte[] read(Path file) throws KeysFileException {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw readFailure(file, e);
    }
  }

  /** Says why a keys file cannot be read. */
  static KeysFileException readFailure(Path file, IOException e) {
    return e instanceof NoSuchFileException
        ? new KeysFileException("keys file " + file + ": no such file", e)
        : new KeysFileException("keys file " + file + ": cannot be read: " + e, e);
  }

  /**
   * Validates the content of a keys file.
   *
   * @param source what to call the file in messages, usually its path
   * @throws KeysFileException naming {@code source}, the entry and the problem
   */
  public static Accounts parse(byte[] content, String source) throws KeysFileException {
    String where = "keys file " + source;
    JsonNode root;
    try {
      root = JSON.readTree(content);
    } catch (JsonProcessingException e) {
      throw new KeysFileException(where + ": " + describe(e));
    } catch (IOException e) {
      throw new KeysFileException(where + ": cannot be read: " + e, e);
    }
    if (root == null || root.isMissingNode()) {
      throw new KeysFileException(where + ": the file is empty; expected {\"keys\": [...]}");
    }
    try {
      return Accounts.of(readKeys(root));
    } catch (Problem p) {
      throw new KeysFileException(where + ": " + p.getMessage());
    }
  }

  private static List<Account> readKeys(JsonNode root) throws Problem {
    if (!root.isObject()) {
      throw new Problem("expected a JSON object {\"keys\": [...]}, got " + kind(root));
    }
    checkProperties(root, TOP_LEVEL, "");
    JsonNode keys = root.get("keys");
    if (keys == null) {
      throw new Problem("missing \"keys\"; expected {\"keys\": [...]}");
    }
    if (!keys.isArray()) {
      throw new Problem("\"keys\" must be an array, got " + kind(keys));
    }
    List<Account> accounts = new ArrayList<>();
    Map<String, Integer> indexOfKey = new HashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      JsonNode entry = keys.get(i);
      String label = "keys[" + i + "]";
      if (!entry.isObject()) {
        throw new Problem(label + ": expected an object, got " + kind(entry));
      }
      JsonNode keyNode = entry.get("key");
      if (keyNode != null && keyNode.isTextual()) {
        label += " (\"" + keyNode.textValue() + "\")";
      }
      try {
        Account account = readEntry(entry);
        Integer first = indexOfKey.putIfAbsent(account.key(), i);
        if (first != null) {
          throw new Problem("duplicate key; keys[" + first + "] has the same key");
        }
        accounts.add(account);
      } catch (Problem p) {
        throw new Problem(label + ": " + p.getMessage());
      }
    }
    return accounts;
  }

  private static Account readEntry(JsonNode entry) throws Problem {
    checkProperties(entry, ENTRY, "");
    String key = requiredText(entry, "key");
    SecretHash hash;
    String encoded = requiredText(entry, "secretHash");
    try {
      hash = SecretHash.parse(encoded);
    } catch (IllegalArgumentException e) {
      throw new Problem(
          "secretHash is malformed: " + e.getMessage() + "; make one with './run.sh keys hash'");
    }
    List<String> vendors = textList(entry, "vendors", true);
    Set<Addon> addons = EnumSet.noneOf(Addon.class);
    for (String name : textList(entry, "addons", false)) {
      Addon addon =
          Addon.fromWireName(name)
              .orElseThrow(
                  () -> new Problem("unknown add-on '" + name + "'; known: " + Addon.known()));
      if (!addons.add(addon)) {
        throw new Problem("add-on '" + name + "' is listed twice");
      }
    }
    RateLimit rateLimit = rateLimit(entry.get("rateLimit"));
    try {
      return new Account(key, vendors, addons, rateLimit, hash);
    } catch (IllegalArgumentException e) {
      throw new Problem(e.getMessage());
    }
  }

  private static RateLimit rateLimit(JsonNode node) throws Problem {
    if (node == null || node.isNull()) {
      return RateLimit.DEFAULT;
    }
    if (!node.isObject()) {
      throw new Problem(
          "\"rateLimit\" must be an object {\"perSecond\": n, \"burst\": n}, got " + kind(node));
    }
    checkProperties(node, RATE_LIMIT, "rateLimit.");
    return new RateLimit(
        positiveInt(node, "perSecond", "rateLimit.perSecond"),
        positiveInt(node, "burst", "rateLimit.burst"));
  }

  private static int positiveInt(JsonNode parent, String field, String name) throws Problem {
    JsonNode node = parent.get(field);
    if (node == null) {
      throw new Problem("missing \"" + name + "\"");
    }
    if (!node.isIntegralNumber()
        || !node.canConvertToInt()
        || node.intValue() < 1
        || node.intValue() > RateLimit.MAX) {
      throw new Problem(
          "\""
              + name
              + "\" must be an integer 1.."
              + RateLimit.MAX
              + " (got: "
              + (node.isNumber() ? node.toString() : kind(node))
              + ")");
    }
    return node.intValue();
  }

  private static String requiredText(JsonNode entry, String field) throws Problem {
    JsonNode node = entry.get(field);
    if (node == null || node.isNull()) {
      throw new Problem("missing \"" + field + "\"");
    }
    if (!node.isTextual()) {
      throw new Problem("\"" + field + "\" must be a string, got " + kind(node));
    }
    return node.textValue();
  }

  private static List<String> textList(JsonNode entry, String field, boolean required)
      throws Problem {
    JsonNode node = entry.get(field);
    if (node == null || node.isNull()) {
      if (required) {
        throw new Problem("missing \"" + field + "\"");
      }
      return List.of();
    }
    if (!node.isArray()) {
      throw new Problem("\"" + field + "\" must be an array of strings, got " + kind(node));
    }
    if (required && node.isEmpty()) {
      throw new Problem("\"" + field + "\" is empty; a key must be able to read at least one");
    }
    List<String> values = new ArrayList<>();
    for (JsonNode item : node) {
      if (!item.isTextual()) {
        throw new Problem("\"" + field + "\" must hold strings only, got " + kind(item));
      }
      values.add(item.textValue());
    }
    return values;
  }

  private static void checkProperties(JsonNode object, Set<String> allowed, String prefix)
      throws Problem {
    for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!allowed.contains(name)) {
        String hint =
            name.equals("secret")
                ? "; the keys file holds only \"secretHash\" (make one with './run.sh keys hash')"
                : "";
        throw new Problem(
            "unknown property \""
                + prefix
                + name
                + "\"; allowed: "
                + String.join(", ", allowed.stream().sorted().toList())
                + hint);
      }
    }
  }

  /** A JSON value's kind, never its content (it may be a secret put in the wrong place). */
  private static String kind(JsonNode node) {
    return switch (node.getNodeType()) {
      case ARRAY -> "an array";
      case OBJECT, POJO -> "an object";
      case STRING, BINARY -> "a string";
      case NUMBER -> "a number";
      case BOOLEAN -> "a boolean";
      case NULL, MISSING -> "null";
    };
  }

  /**
   * Where the JSON is broken. Jackson's own message quotes the offending token, which may be part
   * of a secret hash, so it is used only for duplicate properties (which quote a property name).
   */
  private static String describe(JsonProcessingException e) {
    String original = String.valueOf(e.getOriginalMessage());
    JsonLocation at = e.getLocation();
    String location =
        at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    if (original.startsWith("Duplicate field")) {
      return "a property appears twice in one object: "
          + original.substring("Duplicate field ".length())
          + location;
    }
    if (original.startsWith("Trailing token")) {
      return "unexpected content after the top-level JSON object" + location;
    }
    return "not valid JSON" + location;
  }

  /** A validation problem, before it is prefixed with the file and entry. */
  private static final class Problem extends Exception {
    Problem(String message) {
      super(message, null, false, false);
    }
  }
}
