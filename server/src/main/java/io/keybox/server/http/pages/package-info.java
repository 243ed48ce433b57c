/**
 * The pages for people, served when {@code serve --explore} (or {@code keybox demo}) turns them on:
 * {@code /-/docs}, Swagger UI over {@code /-/openapi.json}. Static files only, from the jar (our
 * own page and script, and the libraries' webjars), no templating and no data: the pages call the
 * public API like any client, with the credentials the reader types, so they grant nothing.
 *
 * <p>Part of {@code server/http} (Undertow's resource handling); depends on nothing else of Keybox.
 */
package io.keybox.server.http.pages;
