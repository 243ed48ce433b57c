package io.keybox.state.alerts;

import java.util.List;
import java.util.Optional;

/**
 * The parts of a saved search a {@code PATCH} changes; empty ones stay as they are. Turning a
 * search on again clears the reason it was turned off and its count of failed deliveries.
 */
public record SearchChange(
    Optional<String> name,
    Optional<String> query,
    Optional<String> webhook,
    Optional<List<String>> events,
    Optional<Boolean> enabled) {}
