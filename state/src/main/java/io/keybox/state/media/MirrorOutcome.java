package io.keybox.state.media;

import java.time.Instant;
import java.util.Objects;

/** What became of one attempt at a photo, as {@link MediaCatalog#record} keeps it. */
public sealed interface MirrorOutcome {
  /** The photo's key. */
  String mediaKey();

  /**
   * Its variants are on disk under {@code digest}; the source was {@code width} x {@code height}.
   */
  record Mirrored(String mediaKey, String digest, long bytes, int width, int height)
      implements MirrorOutcome {
    public Mirrored {
      Objects.requireNonNull(mediaKey, "mediaKey");
      Objects.requireNonNull(digest, "digest");
    }
  }

  /** Worth another attempt at {@code at}. */
  record Retry(String mediaKey, String reason, Instant at) implements MirrorOutcome {
    public Retry {
      Objects.requireNonNull(mediaKey, "mediaKey");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(at, "at");
    }
  }

  /** Given up on, for {@code reason}, until the feed changes the photo. */
  record Failed(String mediaKey, String reason) implements MirrorOutcome {
    public Failed {
      Objects.requireNonNull(mediaKey, "mediaKey");
      Objects.requireNonNull(reason, "reason");
    }
  }
}
