/**
 * The photo mirror's progress as the server reports it ({@code /-/metrics}, {@code /-/health}):
 * read from the data directory's media catalog, which the indexer, another process, fills. {@link
 * io.keybox.server.mirror.MirrorStatus} reads and caches the counts; {@link
 * io.keybox.server.mirror.MirrorMetrics} is their Prometheus collector.
 *
 * <p>Depends on the state store and, of the media catalog, only its read-only summary ({@code
 * io.keybox.state.media.MediaSummary}), and on the Prometheus client's model; nothing here speaks
 * HTTP or knows the index.
 */
package io.keybox.server.mirror;
