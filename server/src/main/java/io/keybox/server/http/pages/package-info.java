/**
 * The files served beside the API: the pages for people, served when {@code serve --explore} (or
 * {@code keybox demo}) turns them on ({@code /-/docs}, Swagger UI over {@code /-/openapi.json}, and
 * {@code /-/explore}, the listings on a map (Leaflet) with market charts (uPlot), over the map
 * tiles of {@link io.keybox.server.http.pages.MapTiles}), and the mirrored photos ({@code
 * /media/...}, {@link io.keybox.server.http.pages.MediaRoute}). Static files only, from the jar
 * (our own pages and scripts, and the libraries' webjars) or the data directory, no templating: the
 * pages call the public API like any client, with the credentials the reader types, so they grant
 * nothing; a photo is served only while the index shows it.
 *
 * <p>Part of {@code server/http} (Undertow's resource handling, Jackson for the tiles' settings);
 * depends on {@code server/media} (which photos may be served) and {@code http/edge}'s route label
 * for the metrics.
 */
package io.keybox.server.http.pages;
