/**
 * Mirrored photos on the serving side: which photo files {@code GET /media} may answer with (only
 * those of listings the vendor's index holds and whose IDX rules allow display), and where they are
 * ({@link io.keybox.server.media.PhotoFiles}: the mirror's own folder, or on a query node the
 * {@link io.keybox.server.media.StoreMediaCache} filled from the object store). Depends on {@code
 * server/index} (the leased snapshot), the schema module's listing fields and photo layout, the
 * store module's {@code Store} and key layout (never its S3 or folder implementations) and {@code
 * server/error} (a store outage is a 503); nothing here speaks HTTP ({@code server/http/pages}
 * serves the files).
 */
package io.keybox.server.media;
