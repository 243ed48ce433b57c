/**
 * Limits that keep one client from starving the others, as plain Java with no HTTP types: {@link
 * io.keybox.server.limit.TokenBucket} and {@link io.keybox.server.limit.RateLimiter} (each key's
 * request rate, API.md §2), {@link io.keybox.server.limit.LoginThrottle} (failed logins per client
 * address, so a flood of wrong secrets cannot keep the slow hash busy) and {@link
 * io.keybox.server.limit.AdmissionQueue} (requests processed at once, with a short queue).
 *
 * <p>The {@code http} package applies them and turns their answers into 429 and 503 responses.
 *
 * <p>Depends on the JDK and {@code auth} (a key's {@link io.keybox.server.auth.RateLimit}) only.
 */
package io.keybox.server.limit;
