/**
 * Mirrored photos on the serving side: which photo files {@code GET /media} may answer with (only
 * those of listings the vendor's index holds and whose IDX rules allow display), and where they
 * are. Depends on {@code server/index} (the leased snapshot), the schema module's listing fields
 * and photo layout; nothing here speaks HTTP ({@code server/http/pages} serves the files).
 */
package io.keybox.server.media;
