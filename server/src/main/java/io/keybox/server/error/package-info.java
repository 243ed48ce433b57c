/**
 * The exceptions of answers other than 200. {@link io.keybox.server.error.RequestException} and its
 * subtypes are the domain's reasons (bad request, not found, access denied, index unavailable),
 * thrown by {@code query}, {@code search} and {@code index}, which know no HTTP statuses; {@link
 * io.keybox.server.error.ApiException} carries a status for what only the HTTP edge decides
 * (credentials, rate limits, methods, URL length, overload). Both are mapped to responses in one
 * place, the HTTP edge. Depends on nothing.
 */
package io.keybox.server.error;
