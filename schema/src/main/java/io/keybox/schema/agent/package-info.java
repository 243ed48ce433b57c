/**
 * The Agent resource of /agents (API.md §5, §11): its response shape, the catalogue of its
 * searchable and sortable fields, its filter table ({@link io.keybox.schema.agent.AgentFilters}),
 * and its Lucene document with the response JSON rendered once.
 *
 * <p>Depends on {@code io.keybox.schema}, {@code io.keybox.schema.field}, {@code
 * io.keybox.schema.filter}, {@code io.keybox.schema.listing} (the shared address and contact
 * shapes), {@code io.keybox.schema.shape}, Lucene core and Jackson.
 */
package io.keybox.schema.agent;
