/**
 * The one exception type for answers other than 200: it carries the HTTP status and the public
 * message. Thrown by any layer, mapped to a response in one place ({@code http}). Depends on
 * nothing.
 */
package io.keybox.server.error;
