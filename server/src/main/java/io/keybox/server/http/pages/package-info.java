/**
 * The pages for people, served when {@code serve --explore} (or {@code keybox demo}) turns them on:
 * {@code /-/docs}, Swagger UI over {@code /-/openapi.json}, and {@code /-/explore}, the listings on
 * a map (Leaflet) with market charts (uPlot), over the map tiles of {@link
 * io.keybox.server.http.pages.MapTiles}. Static files only, from the jar (our own pages and
 * scripts, and the libraries' webjars), no templating and no data: the pages call the public API
 * like any client, with the credentials the reader types, so they grant nothing.
 *
 * <p>Part of {@code server/http} (Undertow's resource handling, Jackson for the tiles' settings);
 * depends on nothing else of Keybox.
 */
package io.keybox.server.http.pages;
