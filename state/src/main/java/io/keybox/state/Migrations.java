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
                  "CREATE INDEX media_digest ON media (digest)")),
          new Migration(
              2,
              "saved searches, their match memory and the webhook outbox",
              List.of(
                  """
                  CREATE TABLE saved_search (
                    id TEXT PRIMARY KEY,
                    api_key TEXT NOT NULL,
                    vendor TEXT NOT NULL,
                    name TEXT NOT NULL,
                    query TEXT NOT NULL,
                    webhook TEXT NOT NULL,
                    events TEXT NOT NULL,
                    enabled INTEGER NOT NULL,
                    disabled_reason TEXT,
                    secret TEXT NOT NULL,
                    failed_in_row INTEGER NOT NULL DEFAULT 0,
                    created TEXT NOT NULL,
                    updated TEXT NOT NULL
                  )""",
                  "CREATE INDEX saved_search_key ON saved_search (api_key, created, id)",
                  "CREATE INDEX saved_search_vendor ON saved_search (vendor, enabled)",
                  """
                  CREATE TABLE search_listing (
                    search_id TEXT NOT NULL
                      REFERENCES saved_search (id) ON DELETE CASCADE,
                    mls_id INTEGER NOT NULL,
                    price REAL,
                    status TEXT,
                    open_houses TEXT NOT NULL,
                    PRIMARY KEY (search_id, mls_id)
                  ) WITHOUT ROWID""",
                  """
                  CREATE TABLE alert_cursor (
                    vendor TEXT PRIMARY KEY,
                    generation INTEGER NOT NULL,
                    matched TEXT NOT NULL
                  ) WITHOUT ROWID""",
                  """
                  CREATE TABLE delivery (
                    id TEXT PRIMARY KEY,
                    search_id TEXT NOT NULL
                      REFERENCES saved_search (id) ON DELETE CASCADE,
                    vendor TEXT NOT NULL,
                    generation INTEGER NOT NULL,
                    listings INTEGER NOT NULL,
                    body BLOB NOT NULL,
                    created TEXT NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt INTEGER,
                    last_status INTEGER,
                    last_error TEXT,
                    updated TEXT NOT NULL
                  )""",
                  "CREATE INDEX delivery_due ON delivery (state, next_attempt)",
                  "CREATE INDEX delivery_search ON delivery (search_id, created)")),
          // media_work's columns are all ascending, but the mirror takes listings newest first:
          // SQLite then sorted every pending cover for each batch of downloads, and mirroring
          // 200,000 listings ran at 123 photos/s (3,300/s at 5,000 listings).
          new Migration(
              3,
              "the mirror's work order as one index",
              List.of(
                  "CREATE INDEX media_due ON media"
                      + " (vendor, state, position, listing_modified DESC, media_key)")),
          // A commit's deliveries wrote each listing into every body that carried it: 543 MB of
          // bodies for 8,657 deliveries of 5,000 changed listings in the alerts bench, most of a
          // matching's time spent writing them. A listing is now kept once per commit.
          new Migration(
              4,
              "deliveries share their commit's listings",
              List.of(
                  "ALTER TABLE delivery ADD COLUMN slots TEXT",
                  """
                  CREATE TABLE delivery_listing (
                    vendor TEXT NOT NULL,
                    generation INTEGER NOT NULL,
                    key TEXT NOT NULL,
                    json BLOB NOT NULL,
                    PRIMARY KEY (vendor, generation, key)
                  )""",
                  "CREATE INDEX delivery_commit ON delivery (vendor, generation, state)")));
}
