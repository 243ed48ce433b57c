package io.keybox.app.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A size in bytes as an option value: a whole number of bytes, or of KiB, MiB or GiB with a {@code
 * k}, {@code m} or {@code g} suffix ({@code 64m}, {@code 512k}, {@code 1g}, {@code 1000}), at most
 * 1024g (far above any heap Keybox runs in).
 *
 * <pre>
 * &#64;Option(names = "--response-cache", converter = ByteSizeConverter.class, defaultValue = "64m")
 * long responseCacheBytes;
 * </pre>
 */
public final class ByteSizeConverter implements ITypeConverter<Long> {
  /** The largest size accepted, 1024g. */
  public static final long MAX_BYTES = 1L << 40;

  @Override
  public Long convert(String text) {
    String value = text.strip().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (!value.isEmpty()) {
      switch (value.charAt(value.length() - 1)) {
        case 'k' -> unit = 1L << 10;
        case 'm' -> unit = 1L << 20;
        case 'g' -> unit = 1L << 30;
        default -> {}
      }
    }
    String digits = unit == 1 ? value : value.substring(0, value.length() - 1);
    // 13 digits or more exceed 1024g in any unit; the check also keeps the product from
    // overflowing.
    if (!digits.isEmpty()
        && digits.length() <= 13
        && digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      long bytes = Long.parseLong(digits) * unit;
      if (bytes <= MAX_BYTES) {
        return bytes;
      }
    }
    throw new TypeConversionException(
        "'" + text + "' is not a size like 64m, 512k, 1g or 0, at most 1024g");
  }
}
