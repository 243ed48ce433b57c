/**
 * The photo mirror's indexer side: turning downloaded photos into the JPEG variants Keybox serves
 * ({@link io.keybox.indexer.media.PhotoVariants}), and which of them a commit shows, for its
 * publication ({@link io.keybox.indexer.media.CommitPhotos}).
 *
 * <p>Depends on the JDK's ImageIO with TwelveMonkeys' readers (JPEG including CMYK/YCCK, WebP) and
 * Thumbnailator for resizing; on {@code io.keybox.state} for the media catalog. Nothing here speaks
 * HTTP to a browser: serving belongs to {@code server/http}.
 */
package io.keybox.indexer.media;
