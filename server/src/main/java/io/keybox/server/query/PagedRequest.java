package io.keybox.server.query;

/** A validated request of a list endpoint, which pages as every list endpoint does. */
public interface PagedRequest {
  /** Its limit, offset or cursor, and whether to count. */
  Paging paging();
}
