/**
 * The routes: {@link io.keybox.server.http.api.Router} (404, and 405 with {@code Allow}), the API's
 * routes ({@link io.keybox.server.http.api.ApiRoutes}) with one generic search/get handler pair
 * ({@link io.keybox.server.http.api.ResourceHandlers}) per resource (listings, open houses, agents:
 * what differs is a {@code Resource}), metadata ({@code OPTIONS}), analytics, the operational
 * endpoints ({@link io.keybox.server.http.api.OpsHandlers}), and the paging links and base URLs of
 * their answers. Handlers parse through {@code query}, search one leased snapshot through {@code
 * search}, and write through {@code http.write}; they throw, and the edge maps.
 *
 * <p>Depends on Undertow, {@code query}, {@code search}, {@code index}, {@code metrics}, the edge's
 * exchange attachments and media types ({@code http.edge}) and {@code http.write}.
 */
package io.keybox.server.http.api;
