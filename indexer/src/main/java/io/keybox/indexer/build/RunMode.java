package io.keybox.indexer.build;

/** A full rebuild replaces the vendor's state; an incremental run changes it. */
enum RunMode {
  FULL,
  INCREMENTAL
}
