package io.keybox.server.http.cache;

/**
 * A parsed API request as the {@link ResponseCache} tells requests apart: one record type per
 * endpoint, whose components are every parameter the endpoint reads (defaults made explicit), so
 * that two requests are equal exactly when their replies' bytes are. Two records of different types
 * are different requests. Implement it with records only: their equality is by value.
 */
public interface CacheableRequest {}
