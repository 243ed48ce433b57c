package io.keybox.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.keybox.store.local.LocalStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LocalStoreTest {
  @TempDir Path temp;

  @Test
  void storesReadsListsAndDeletes() throws Exception {
    try (Store store = new LocalStore(temp.resolve("store"))) {
      Path source = Files.writeString(temp.resolve("source"), "abc");
      assertTrue(store.putIfAbsent("houston/files/a.00000001.3", source));
      assertFalse(store.putIfAbsent("houston/files/a.00000001.3", source));
      store.put("houston/current", new byte[] {7});
      assertEquals(
          List.of("houston/current", "houston/files/a.00000001.3"), store.list("houston/"));
      assertEquals(List.of("houston/files/a.00000001.3"), store.list("houston/files/"));
      assertArrayEquals(new byte[] {7}, store.get("houston/current"));
      assertEquals(List.of("houston"), store.folders(""));
      assertEquals(List.of("current", "files"), store.folders("houston/"));
      assertEquals(List.of(), store.folders("dallas/"));

      Store.Tagged first = store.getIfNoneMatch("houston/current", null).orElseThrow();
      assertTrue(store.getIfNoneMatch("houston/current", first.etag()).isEmpty());
      store.put("houston/current", new byte[] {8});
      assertArrayEquals(
          new byte[] {8},
          store.getIfNoneMatch("houston/current", first.etag()).orElseThrow().bytes());

      Path copy = temp.resolve("copy");
      store.download("houston/files/a.00000001.3", copy);
      assertEquals("abc", Files.readString(copy));
      store.delete("houston/files/a.00000001.3");
      store.delete("houston/files/a.00000001.3");
      assertThrows(ObjectNotFoundException.class, () -> store.get("houston/files/a.00000001.3"));
      assertThrows(ObjectNotFoundException.class, () -> store.download("houston/x", copy));
      // Temporary files of writes never show.
      assertEquals(List.of("houston/current"), store.list(""));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "/abs", "a//b", "a/../b", "..", "a/", ".incoming/x"})
  void refusesKeysOutsideItsFolder(String key) throws Exception {
    try (Store store = new LocalStore(temp.resolve("store"))) {
      assertThrows(IllegalArgumentException.class, () -> store.put(key, new byte[0]));
    }
  }
}
