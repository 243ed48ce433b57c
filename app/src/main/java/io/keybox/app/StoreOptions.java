package io.keybox.app;

import io.keybox.app.cli.HttpUrlConverter;
import io.keybox.store.StoreUrl;
import java.net.URI;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The object-store options that {@code publish}, {@code index} and {@code pull} ({@code
 * --publish-to}) and {@code serve --replica-of} share, as a mixin: {@code --s3-endpoint}, and the
 * converter of the store URL each command names its own way. Region and credentials never come from
 * the command line: the AWS SDK's standard chain reads them (environment, {@code ~/.aws}, instance
 * role).
 *
 * <pre>
 * &#64;Mixin StoreOptions store;
 * &#64;Option(names = "--to", converter = StoreOptions.UrlConverter.class) StoreUrl to;
 * try (Store opened = to.open(store.endpoint())) { ... }
 * </pre>
 */
final class StoreOptions {
  @Option(
      names = "--s3-endpoint",
      paramLabel = "URL",
      converter = HttpUrlConverter.class,
      description =
          "S3-compatible endpoint of the store (default: $AWS_ENDPOINT_URL, else AWS); region and"
              + " credentials come from the AWS SDK's standard chain")
  URI s3Endpoint;

  /** {@code --s3-endpoint}, when given. */
  Optional<URI> endpoint() {
    return Optional.ofNullable(s3Endpoint);
  }

  /** A store URL ({@code s3://bucket/prefix}, {@code file:///path}) as an option value. */
  static final class UrlConverter implements ITypeConverter<StoreUrl> {
    @Override
    public StoreUrl convert(String value) {
      try {
        return StoreUrl.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
