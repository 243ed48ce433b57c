package io.keybox.state.media;

/**
 * A photo the mirror gave up on, as the media report lists it.
 *
 * @param mediaKey the photo's key
 * @param listingKey its listing's key in the feed
 * @param sourceUrl where it was to be downloaded from
 * @param reason why it was given up on (a status, "not an image", a size)
 * @param attempts the attempts made
 */
public record FailedPhoto(
    String mediaKey, String listingKey, String sourceUrl, String reason, int attempts) {}
