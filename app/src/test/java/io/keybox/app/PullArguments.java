package io.keybox.app;

import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code keybox pull} command lines that the tests and {@link PullBench} run against {@link
 * ResoWebApiServer}, spelled once.
 */
final class PullArguments {
  private PullArguments() {}

  /**
   * {@code --data-dir DATA --vendor VENDOR --url ROOT} of the fake MLS, then {@code more}: the
   * arguments after {@code pull}.
   */
  static List<String> of(Path data, String vendor, ResoWebApiServer mls, List<String> more) {
    List<String> args =
        new ArrayList<>(
            List.of("--data-dir", data.toString(), "--vendor", vendor, "--url", mls.serviceRoot()));
    args.addAll(more);
    return args;
  }

  /** The fake MLS's OAuth client credentials, the secret read from {@code secretFile}. */
  static List<String> clientCredentials(ResoWebApiServer mls, Path secretFile) {
    return List.of(
        "--token-url",
        mls.tokenUrl(),
        "--client-id",
        ResoWebApiServer.CLIENT_ID,
        "--client-secret-file",
        secretFile.toString());
  }
}
