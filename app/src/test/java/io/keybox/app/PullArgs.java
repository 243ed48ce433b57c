package io.keybox.app;

import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a {@code keybox pull} of vendor {@code v} from the tests' RESO server. */
final class PullArgs {
  private PullArgs() {}

  /**
   * {@code pull} from {@code mls} into {@code data} with client credentials (the secret in {@code
   * secretFile}), unpaced, then {@code more}.
   */
  static String[] of(ResoWebApiServer mls, Path data, Path secretFile, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--data-dir",
                data.toString(),
                "--vendor",
                "v",
                "--url",
                mls.serviceRoot(),
                "--token-url",
                mls.tokenUrl(),
                "--client-id",
                ResoWebApiServer.CLIENT_ID,
                "--client-secret-file",
                secretFile.toString(),
                "--max-rps",
                "1000"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }
}
