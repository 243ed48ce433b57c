package io.keybox.server.search;

/** One page of a list endpoint's records. */
public interface ResultPage {
  /** The page's keys and the facts its Link and count headers need. */
  PageHits hits();
}
