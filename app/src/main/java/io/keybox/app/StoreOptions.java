package io.keybox.app;

import io.keybox.store.StoreUrl;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The checks of the object-store options that {@code publish}, {@code index --publish-to} and
 * {@code serve --replica-of} share, each refusal one line naming the option. Region and credentials
 * never come from the command line: the AWS SDK's standard chain reads them (environment, {@code
 * ~/.aws}, instance role).
 */
final class StoreOptions {
  private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)?");

  private StoreOptions() {}

  /**
   * {@code value} of {@code option} as a store URL ({@code s3://bucket/prefix}, {@code file:///}).
   */
  static StoreUrl storeUrl(CommandLine line, String option, String value) {
    try {
      return StoreUrl.parse(value);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(line, option + ": " + e.getMessage());
    }
  }

  /** {@code --s3-endpoint}: an absolute http or https URL, when given. */
  static Optional<URI> endpoint(CommandLine line, String value) {
    if (value == null) {
      return Optional.empty();
    }
    try {
      URI uri = new URI(value);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        return Optional.of(uri);
      }
    } catch (URISyntaxException e) {
      // described below
    }
    throw new ParameterException(
        line,
        "--s3-endpoint: '"
            + value
            + "' is not an absolute http or https URL (like http://127.0.0.1:9000)");
  }

  /**
   * A duration as {@code 10m}, {@code 30s}, {@code 1h}, {@code 200ms} or plain (decimal) seconds,
   * at least {@code min}.
   */
  static Duration duration(CommandLine line, String option, String value, Duration min) {
    Matcher m = DURATION.matcher(value == null ? "" : value.strip());
    if (m.matches()) {
      double amount = Double.parseDouble(m.group(1));
      String unit = m.group(2) == null ? "s" : m.group(2);
      double millis =
          switch (unit) {
            case "ms" -> amount;
            case "m" -> amount * 60_000;
            case "h" -> amount * 3_600_000;
            default -> amount * 1000;
          };
      Duration duration = Duration.ofMillis(Math.round(millis));
      if (duration.compareTo(min) >= 0 && duration.compareTo(Duration.ofDays(7)) <= 0) {
        return duration;
      }
    }
    throw new ParameterException(
        line,
        option
            + ": '"
            + value
            + "' is not a duration from "
            + min.toMillis()
            + " ms to 7 days (like 10m, 30s, 1h, 200ms, or seconds)");
  }
}
