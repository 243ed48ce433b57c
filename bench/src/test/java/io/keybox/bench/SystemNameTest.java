package io.keybox.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SystemNameTest {
  @Test
  void theCachedServerIsNoChoiceOfSystems() {
    assertEquals(List.of("keybox", "lucene", "postgres", "opensearch"), SystemName.labels());
    assertEquals(Optional.empty(), SystemName.parse("keybox+cache"));
    assertEquals(Optional.of(SystemName.KEYBOX), SystemName.parse("keybox"));
    assertEquals("keybox+cache", SystemName.KEYBOX_CACHE.label());
  }
}
