package io.keybox.server.alerts;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a webhook may point (issue 35, point 4): an absolute {@code https} URL whose host resolves
 * only to public addresses; not loopback, link-local, private (RFC 1918), unique-local ({@code
 * fc00::/7}), carrier-grade NAT ({@code 100.64.0.0/10}), multicast or the any-address. With {@code
 * allowPrivate} ({@code serve --alerts-allow-private}: tests, a CRM on the premises) plain {@code
 * http} and every address are allowed.
 *
 * <p>The URL's form is checked when a search is stored ({@link #checkForm}); its addresses at every
 * delivery ({@link #resolve}), since a name may be made to resolve elsewhere later (DNS rebinding).
 */
public final class WebhookTarget {
  /** The longest webhook URL stored. */
  public static final int MAX_LENGTH = 2048;

  private final boolean allowPrivate;

  public WebhookTarget(boolean allowPrivate) {
    this.allowPrivate = allowPrivate;
  }

  /** Whether private addresses and plain http are allowed. */
  public boolean allowsPrivate() {
    return allowPrivate;
  }

  /**
   * The URL {@code url} names, when it may be a webhook as written; else why not.
   *
   * @return the refusal, empty when the form is fine
   */
  public Optional<String> checkForm(String url) {
    if (url.length() > MAX_LENGTH) {
      return Optional.of("at most " + MAX_LENGTH + " characters");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      return Optional.of("not a URL (" + e.getReason() + ")");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("https") && !(allowPrivate && scheme.equals("http"))) {
      return Optional.of(
          allowPrivate
              ? "must be an http or https URL"
              : "must be an https URL (plain http only with serve --alerts-allow-private)");
    }
    if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
      return Optional.of("must name a host, without user info or fragment");
    }
    if (!allowPrivate) {
      Optional<InetAddress> literal = literal(uri.getHost());
      if (literal.isPresent() && forbidden(literal.get())) {
        return Optional.of(
            "must not point at a loopback, link-local or private address (got: "
                + uri.getHost()
                + ")");
      }
    }
    return Optional.empty();
  }

  /**
   * The addresses {@code uri}'s host resolves to now, all of them allowed.
   *
   * @throws RefusedTargetException when the form is refused, the name does not resolve, or any
   *     address is forbidden
   */
  public InetAddress[] resolve(URI uri) {
    Optional<String> refusal = checkForm(uri.toString());
    if (refusal.isPresent()) {
      throw new RefusedTargetException("webhook " + refusal.get());
    }
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(uri.getHost());
    } catch (UnknownHostException e) {
      throw new RefusedTargetException("webhook host " + uri.getHost() + " does not resolve");
    }
    if (!allowPrivate) {
      for (InetAddress address : addresses) {
        if (forbidden(address)) {
          throw new RefusedTargetException(
              "webhook host "
                  + uri.getHost()
                  + " resolves to "
                  + address.getHostAddress()
                  + ", a loopback, link-local or private address");
        }
      }
    }
    return addresses;
  }

  /** Whether {@code address} is one a webhook must not reach. */
  static boolean forbidden(InetAddress address) {
    if (address.isLoopbackAddress()
        || address.isLinkLocalAddress()
        || address.isSiteLocalAddress()
        || address.isAnyLocalAddress()
        || address.isMulticastAddress()) {
      return true;
    }
    byte[] bytes = address.getAddress();
    if (address instanceof Inet6Address) {
      if ((bytes[0] & 0xFE) == 0xFC) {
        return true; // unique local fc00::/7
      }
      if (isMappedOrCompatibleV4(bytes)) {
        try {
          return forbidden(InetAddress.getByAddress(java.util.Arrays.copyOfRange(bytes, 12, 16)));
        } catch (UnknownHostException e) {
          return true;
        }
      }
      return false;
    }
    int first = bytes[0] & 0xFF;
    int second = bytes[1] & 0xFF;
    return first == 0 // "this network"
        || (first == 100 && second >= 64 && second <= 127) // carrier-grade NAT
        || (first == 192 && second == 0 && (bytes[2] & 0xFF) == 0) // IETF protocol assignments
        || first >= 240; // reserved and broadcast
  }

  private static boolean isMappedOrCompatibleV4(byte[] bytes) {
    for (int i = 0; i < 10; i++) {
      if (bytes[i] != 0) {
        return false;
      }
    }
    return (bytes[10] == (byte) 0xFF && bytes[11] == (byte) 0xFF)
        || (bytes[10] == 0 && bytes[11] == 0);
  }

  /** The address {@code host} spells, when it is an IP literal (no lookup). */
  private static Optional<InetAddress> literal(String host) {
    String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    if (!bare.matches("[0-9.]+") && !bare.contains(":")) {
      return Optional.empty();
    }
    try {
      return Optional.of(InetAddress.getByName(bare)); // a literal: parsed, never looked up
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
  }

  /** A webhook URL that may not be called. The message is safe to show to the search's owner. */
  public static final class RefusedTargetException extends RuntimeException {
    public RefusedTargetException(String message) {
      super(message, null, false, false);
    }
  }
}
