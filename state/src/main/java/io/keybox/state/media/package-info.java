/**
 * The media catalog: every photo a vendor's listings name (by RESO MediaKey), where it comes from,
 * and how far mirroring it got ({@link io.keybox.state.media.MediaCatalog}). The indexer's mirror
 * fills and works through it; the index run reads the mirrored photos of each listing from it; the
 * server reads only its per-vendor counts ({@link io.keybox.state.media.MediaSummary}).
 *
 * <p>Depends on {@code io.keybox.state} only.
 */
package io.keybox.state.media;
