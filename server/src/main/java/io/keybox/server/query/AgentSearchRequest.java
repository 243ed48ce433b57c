package io.keybox.server.query;

/**
 * A validated {@code GET /agents} request (API.md §11).
 *
 * @param filter what matches: the values of {@link io.keybox.schema.agent.AgentFilters}
 * @param paging limit, offset and count (no cursor)
 */
public record AgentSearchRequest(FilterValues filter, Paging paging) implements PagedRequest {}
