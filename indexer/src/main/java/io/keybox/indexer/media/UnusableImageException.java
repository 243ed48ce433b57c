package io.keybox.indexer.media;

/**
 * A downloaded file that is no photo Keybox can show: not an image, cut short, of a format no
 * reader decodes, or of absurd dimensions. The message is the reason the media report gives.
 */
public final class UnusableImageException extends Exception {
  public UnusableImageException(String reason) {
    super(reason);
  }

  public UnusableImageException(String reason, Throwable cause) {
    super(reason, cause);
  }
}
