package io.keybox.server.auth;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable set of accounts, one per distinct key: the content of one version of the keys file.
 */
public final class Accounts {

  private static final Accounts EMPTY = new Accounts(List.of());

  private final List<Account> all;
  private final Map<String, Account> byKey;

  private Accounts(List<Account> accounts) {
    Map<String, Account> map = new LinkedHashMap<>();
    for (Account account : accounts) {
      if (map.putIfAbsent(account.key(), account) != null) {
        throw new IllegalArgumentException("duplicate key '" + account.key() + "'");
      }
    }
    this.all = List.copyOf(accounts);
    this.byKey = map;
  }

  /**
   * The given accounts, in order.
   *
   * @throws IllegalArgumentException if two accounts have the same key
   */
  public static Accounts of(List<Account> accounts) {
    return new Accounts(accounts);
  }

  /** No accounts: every request is refused. */
  public static Accounts empty() {
    return EMPTY;
  }

  /** The account of this key, if there is one. */
  public Optional<Account> find(String key) {
    return Optional.ofNullable(byKey.get(key));
  }

  /** All accounts, in the keys file's order. */
  public List<Account> all() {
    return all;
  }

  public int size() {
    return all.size();
  }

  /**
   * The iteration count most of the accounts' hashes use (the higher on a tie), or the default when
   * there are no accounts: what checking a secret of an unknown key should cost.
   */
  int typicalIterations() {
    Map<Integer, Integer> counts = new LinkedHashMap<>();
    int best = SecretHash.DEFAULT_ITERATIONS;
    int bestCount = 0;
    for (Account account : all) {
      int iterations = account.secretHash().iterations();
      int count = counts.merge(iterations, 1, Integer::sum);
      if (count > bestCount || (count == bestCount && iterations > best)) {
        best = iterations;
        bestCount = count;
      }
    }
    return best;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Accounts other && all.equals(other.all);
  }

  @Override
  public int hashCode() {
    return all.hashCode();
  }

  @Override
  public String toString() {
    return "Accounts" + byKey.keySet();
  }
}
