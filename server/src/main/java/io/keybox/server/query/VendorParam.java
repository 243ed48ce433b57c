package io.keybox.server.query;

import io.keybox.server.auth.Account;
import io.keybox.server.error.AccessDeniedException;
import io.keybox.server.error.InvalidRequestException;
import java.util.List;
import java.util.Optional;

/**
 * The {@code vendor} parameter (API.md §2): optional for a key with one vendor; required, naming
 * the allowed vendors, for a key with several; a vendor the key may not read (or that does not
 * exist) is 403, so the answer does not tell which vendors exist.
 */
public final class VendorParam {
  /** The parameter's name. */
  public static final String NAME = "vendor";

  private VendorParam() {}

  /**
   * The vendor {@code account} asks for with {@code params}. One request reads one vendor: {@code
   * vendor} may be repeated with the same value (or empty), never with different ones.
   *
   * @throws InvalidRequestException when {@code vendor} is missing and required, or names several
   * @throws AccessDeniedException when the key may not read the vendor
   */
  public static String resolve(Account account, Params params) {
    List<String> values = params.values(NAME);
    Optional<String> requested = values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    List<String> distinct = values.stream().distinct().toList();
    if (distinct.size() > 1) {
      throw new InvalidRequestException(
          NAME
              + ": one vendor per request (got: '"
              + ParamValues.shorten(distinct.get(0))
              + "', '"
              + ParamValues.shorten(distinct.get(1))
              + (distinct.size() > 2 ? "', ...)" : "')"));
    }
    if (requested.isEmpty()) {
      if (account.vendors().size() == 1) {
        return account.vendors().get(0);
      }
      throw new InvalidRequestException(
          NAME + ": required for this key; allowed: " + String.join(", ", account.vendors()));
    }
    String vendor = requested.get();
    if (!account.mayRead(vendor)) {
      throw new AccessDeniedException(
          NAME + ": '" + ParamValues.shorten(vendor) + "' is not available to this key");
    }
    return vendor;
  }
}
