package io.keybox.store;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.UUID;

/**
 * The store's lock object of one vendor's publishers, {@code <vendor>/lock}, held by a {@link
 * Publisher} while it publishes: written with a conditional create ({@link Store#create}), so that
 * two publishers can never both hold it; it names its holder (process and a random token) and when
 * it expires, and an expired one (its holder was killed) is taken over.
 */
record PublishLock(Store store, String key, byte[] content) implements AutoCloseable {

  /**
   * Takes {@code vendor}'s lock for {@code lease}, or throws {@link PublishConflictException}
   * naming its holder.
   */
  static PublishLock take(Store store, String vendor, Clock clock, Duration lease)
      throws IOException {
    String key = Layout.lock(vendor);
    Instant now = clock.instant();
    byte[] content =
        ("holder "
                + ManagementFactory.getRuntimeMXBean().getName()
                + " "
                + UUID.randomUUID()
                + "\nexpires "
                + now.plus(lease)
                + "\n")
            .getBytes(StandardCharsets.UTF_8);
    for (int attempt = 0; attempt < 2; attempt++) {
      if (store.create(key, content)) {
        return new PublishLock(store, key, content);
      }
      String held;
      try {
        held = new String(store.get(key), StandardCharsets.UTF_8);
      } catch (ObjectNotFoundException released) {
        continue;
      }
      Instant expires = expires(held);
      if (expires.isAfter(now)) {
        throw new PublishConflictException(
            "another publisher holds "
                + store.describe(key)
                + " ("
                + held.strip().replace('\n', ' ')
                + "); try again once it is done");
      }
      store.delete(key); // its holder was killed: take it over
    }
    throw new PublishConflictException(
        "cannot take " + store.describe(key) + ": other publishers keep taking it");
  }

  private static Instant expires(String held) {
    for (String line : held.split("\n")) {
      if (line.startsWith("expires ")) {
        try {
          return Instant.parse(line.substring("expires ".length()).strip());
        } catch (DateTimeParseException e) {
          return Instant.EPOCH;
        }
      }
    }
    return Instant.EPOCH; // unreadable: expired
  }

  /** Releases the lock, unless another publisher took it over meanwhile. */
  @Override
  public void close() throws IOException {
    try {
      if (Arrays.equals(store.get(key), content)) {
        store.delete(key);
      }
    } catch (ObjectNotFoundException gone) {
      // Taken over and released by another publisher.
    }
  }
}
