package io.keybox.app.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * An absolute {@code http} or {@code https} URL with a host as an option value; credentials in the
 * URL are refused, since they would show in {@code ps} and in logs (secrets come from files).
 */
public final class HttpUrlConverter implements ITypeConverter<URI> {
  @Override
  public URI convert(String text) {
    try {
      URI uri = new URI(text);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        if (uri.getRawUserInfo() != null) {
          throw new TypeConversionException("no credentials in the URL; use the secret files");
        }
        return uri;
      }
    } catch (URISyntaxException e) {
      // described below
    }
    throw new TypeConversionException(
        "'" + text + "' is not an absolute http or https URL (like https://host.example:9000)");
  }
}
