/**
 * API keys: who may call the server and what each key may read.
 *
 * <p>{@link io.keybox.server.auth.SecretHash} stores secrets as salted PBKDF2 hashes; {@link
 * io.keybox.server.auth.KeysFile} loads and validates the keys file of OPERATIONS.md §5 into an
 * immutable {@link io.keybox.server.auth.Accounts}; {@link io.keybox.server.auth.Authenticator}
 * turns the value of an {@code Authorization: Basic} header into an {@link
 * io.keybox.server.auth.Account}; {@link io.keybox.server.auth.KeysFileWatcher} reloads the keys
 * file while the server runs. The {@code keys hash} command (the app module) prints a {@code
 * SecretHash}.
 *
 * <p>Nothing here ever logs, prints or puts into an exception message a secret or a secret hash.
 *
 * <p>Depends on the JDK and Jackson only. It knows nothing of HTTP servers: the {@code http}
 * package hands it a header value and maps an empty result to 401.
 */
package io.keybox.server.auth;
