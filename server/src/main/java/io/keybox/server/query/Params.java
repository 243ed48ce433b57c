package io.keybox.server.query;

import io.keybox.server.error.InvalidRequestException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The query parameters of a request, in their original order and spelling. Names are
 * case-sensitive. Empty (or blank) values are kept for echoing in links but ignored by {@link
 * #values} and {@link #first}, as API.md §1 requires.
 *
 * <p>An endpoint declares the names it reads ({@link #declaring}); reading any other name is a
 * programming error, so each endpoint's published parameter list (the OpenAPI document is checked
 * against it) is exactly what its code reads. The names read are recorded ({@link #namesRead}).
 * NOTE: a Params belongs to one request; it is not thread-safe.
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

  /** The names that may be read; null: any. */
  private final Set<String> declared;

  /** Names this view reads as absent, without recording or checking them. */
  private final Set<String> hidden;

  /** The names read, shared by a Params and its views. */
  private final Set<String> read;

  public Params(List<Param> all) {
    this(all, null, Set.of(), new LinkedHashSet<>());
  }

  private Params(List<Param> all, Set<String> declared, Set<String> hidden, Set<String> read) {
    this.all = List.copyOf(all);
    this.declared = declared;
    this.hidden = hidden;
    this.read = read;
  }

  /**
   * These parameters, readable only by the names an endpoint declares: {@link #values} and {@link
   * #first} of another name throw {@link IllegalStateException}.
   */
  public Params declaring(Collection<String> names) {
    return new Params(all, Set.copyOf(names), hidden, new LinkedHashSet<>());
  }

  /**
   * A view in which {@code names} read as absent (whatever their values) and need not be declared;
   * reads of other names are checked and recorded as by this object. For an endpoint that ignores
   * some parameters of a parser it shares, like analytics the /properties filters it leaves out.
   */
  public Params without(Set<String> names) {
    Set<String> both = new LinkedHashSet<>(hidden);
    both.addAll(names);
    return new Params(all, declared, Set.copyOf(both), read);
  }

  /** The names read so far (through {@link #values} or {@link #first}), in first-read order. */
  public Set<String> namesRead() {
    return Set.copyOf(read);
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
    if (!use(name)) {
      return values;
    }
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
    if (!use(name)) {
      return Optional.empty();
    }
    for (Param param : all) {
      if (param.name().equals(name) && !param.value().isBlank()) {
        return Optional.of(param.value().strip());
      }
    }
    return Optional.empty();
  }

  /** Checks and records a read of {@code name}; false when this view hides it. */
  private boolean use(String name) {
    if (hidden.contains(name)) {
      return false;
    }
    if (declared != null && !declared.contains(name)) {
      throw new IllegalStateException(
          "parameter '"
              + name
              + "' is read but not declared by this endpoint; declared: "
              + declared);
    }
    read.add(name);
    return true;
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
