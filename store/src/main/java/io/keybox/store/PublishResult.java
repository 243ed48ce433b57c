package io.keybox.store;

/**
 * What one {@link Publisher#publish} did, for the command to print.
 *
 * @param vendor the vendor
 * @param sequence the new publication's number
 * @param generation the published commit's generation
 * @param uploaded objects uploaded (index and side files the store lacked)
 * @param uploadedBytes their bytes
 * @param skipped files the store already held
 * @param deleted objects removed afterwards (no kept manifest named them), manifests included
 * @param media what was done with the photos the commit shows
 */
public record PublishResult(
    String vendor,
    long sequence,
    long generation,
    int uploaded,
    long uploadedBytes,
    int skipped,
    int deleted,
    MediaCounts media) {}
