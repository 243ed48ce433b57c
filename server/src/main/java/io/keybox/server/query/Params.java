package io.keybox.server.query;

import io.keybox.server.error.InvalidRequestException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The query parameters of a request, in their original order and spelling. Names are
 * case-sensitive. Empty (or blank) values are kept for echoing in links but ignored by {@link
 * #values} and {@link #first}, as API.md §1 requires. Immutable.
 */
public final class Params {
  /** One {@code name=value} pair, percent-decoded. */
  public record Param(String name, String value) {}

  /**
   * The most parameters one request may carry: room for a 1,000-point polygon and every filter,
   * while a query string of a million {@code &} costs nothing to refuse.
   */
  public static final int MAX_PARAMETERS = 2000;

  private final List<Param> all;

  public Params(List<Param> all) {
    this.all = List.copyOf(all);
  }

  /**
   * Parses a raw (still percent-encoded) query string; {@code +} is a space.
   *
   * @throws InvalidRequestException for malformed percent-encoding, invalid UTF-8, or more than
   *     {@link #MAX_PARAMETERS} parameters
   */
  public static Params parse(String rawQuery) {
    List<Param> params = new ArrayList<>();
    if (rawQuery != null && !rawQuery.isEmpty()) {
      for (String pair : rawQuery.split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        if (params.size() == MAX_PARAMETERS) {
          throw new InvalidRequestException(
              "too many query parameters; at most " + MAX_PARAMETERS + " are allowed");
        }
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
        params.add(new Param(name, value));
      }
    }
    return new Params(params);
  }

  /** Every parameter, empty ones included, in order. */
  public List<Param> all() {
    return all;
  }

  /** The non-blank values of {@code name}, trimmed, in order. */
  public List<String> values(String name) {
    List<String> values = new ArrayList<>();
    for (Param param : all) {
      if (param.name().equals(name) && !param.value().isBlank()) {
        values.add(param.value().strip());
      }
    }
    return values;
  }

  /**
   * The first non-blank value of {@code name}, trimmed. NOTE: a single-valued parameter given more
   * than once takes its first value.
   */
  public Optional<String> first(String name) {
    for (Param param : all) {
      if (param.name().equals(name) && !param.value().isBlank()) {
        return Optional.of(param.value().strip());
      }
    }
    return Optional.empty();
  }

  private static String decode(String raw) {
    if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) {
      return raw;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '+') {
        bytes.write(' ');
      } else if (c == '%') {
        int hi = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
        int lo = hi >= 0 ? Character.digit(raw.charAt(i + 2), 16) : -1;
        if (hi < 0 || lo < 0) {
          throw new InvalidRequestException(
              "malformed query string: invalid percent-encoding near '"
                  + ParamValues.shorten(raw.substring(i))
                  + "'");
        }
        bytes.write(hi * 16 + lo);
        i += 2;
      } else {
        byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < raw.length()) {
          utf8 = raw.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        bytes.writeBytes(utf8);
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      throw new InvalidRequestException(
          "malformed query string: percent-encoded bytes are not UTF-8");
    }
  }
}
