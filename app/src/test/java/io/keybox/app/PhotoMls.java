package io.keybox.app;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The photo tests' MLS: the in-test RESO server with three listings modified from {@link #T0} on,
 * and {@code keybox pull} of it as vendor v into a data directory, photos mirrored at full speed.
 */
final class PhotoMls implements AutoCloseable {
  /** When the listings and their Media were last modified. */
  static final Instant T0 = Instant.parse("2026-11-20T08:00:00Z");

  private final ResoWebApiServer mls;
  private final Path data;
  private final Path secretFile;

  /** The MLS, pulled into {@code data}; its client secret is written in {@code dir}. */
  PhotoMls(Path dir, Path data) throws IOException {
    this.mls = new ResoWebApiServer().seed(3, i -> T0.plus(Duration.ofMinutes(2L * i)), 0, T0);
    mls.paging(ResoWebApiServer.Paging.STANDARD);
    this.data = data;
    this.secretFile =
        Files.writeString(dir.resolve("client.secret"), ResoWebApiServer.CLIENT_SECRET);
  }

  ResoWebApiServer server() {
    return mls;
  }

  /** {@code keybox pull} of vendor v with {@code more} ({@code --full}, {@code --incremental}). */
  Commands.Result pull(String... more) {
    List<String> options = new ArrayList<>(PullArguments.clientCredentials(mls, secretFile));
    options.addAll(List.of("--max-rps", "1000", "--media-max-rps", "1000", "--quiet"));
    options.addAll(List.of(more));
    return Commands.run(
        new byte[0],
        Map.of(),
        "pull",
        PullArguments.of(data, "v", mls, options).toArray(String[]::new));
  }

  /** A RESO Media record of a listing's photo, modified at {@link #T0}. */
  static ObjectNode media(String key, String url, int order, String category) {
    ObjectNode media = JsonNodeFactory.instance.objectNode();
    media.put("MediaKey", key);
    media.put("MediaURL", url);
    media.put("Order", order);
    if (category != null) {
      media.put("MediaCategory", category);
    }
    media.put("MediaModificationTimestamp", T0.toString());
    return media;
  }

  @Override
  public void close() {
    mls.close();
  }
}
