package io.keybox.state;

import java.util.List;

/**
 * Every migration of the state store, in order. A release only appends: a file is brought from its
 * version to the newest on open, and a file newer than this list is refused (a newer Keybox made
 * it).
 */
public final class Migrations {
  private Migrations() {}

  /** The migrations, versions 1, 2, ... in order. */
  public static final List<Migration> ALL =
      List.of(
          new Migration(
              1,
              "the media catalog",
              List.of(
                  """
                  CREATE TABLE media (
                    vendor TEXT NOT NULL,
                    media_key TEXT NOT NULL,
                    listing_key TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    source_url TEXT NOT NULL,
                    source_modified TEXT,
                    caption TEXT,
                    width INTEGER,
                    height INTEGER,
                    listing_modified TEXT NOT NULL,
                    state TEXT NOT NULL,
                    digest TEXT,
                    bytes INTEGER,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt TEXT,
                    failure TEXT,
                    gone_since TEXT,
                    updated TEXT NOT NULL,
                    PRIMARY KEY (vendor, media_key)
                  ) WITHOUT ROWID""",
                  "CREATE INDEX media_work ON media (vendor, state, position, listing_modified)",
                  "CREATE INDEX media_listing ON media (vendor, listing_key, position)",
                  "CREATE INDEX media_digest ON media (digest)")));
}
