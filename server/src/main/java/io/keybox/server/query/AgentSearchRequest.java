package io.keybox.server.query;

import java.util.List;
import java.util.Optional;

/**
 * A validated {@code GET /agents} request (API.md §11).
 *
 * @param name {@code name}: every word begins the first or last name
 * @param states {@code state} ({@code address.state}, any of)
 * @param ids {@code q}: the id or contact email equals any of these
 * @param paging limit, offset and count (no cursor)
 */
public record AgentSearchRequest(
    Optional<String> name, List<String> states, List<String> ids, Paging paging) {}
