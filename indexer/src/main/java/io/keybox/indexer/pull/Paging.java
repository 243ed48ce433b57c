package io.keybox.indexer.pull;

import java.util.Locale;

/**
 * How a pull asks for pages.
 *
 * <ul>
 *   <li>{@link #ODATA}: as OData 4.0 defines it (part 1, §8.2.8.5 and §11.2.6.3): the page size is
 *       a preference, {@code Prefer: odata.maxpagesize=N}, and the server pages with {@code
 *       @odata.nextLink}. {@code $top} is not sent: it caps the whole result, not a page.
 *   <li>{@link #TOP}: {@code $top=N} on the first request, for providers whose documentation makes
 *       {@code $top} the page size and follows it with a nextLink (MLS Grid).
 * </ul>
 */
public enum Paging {
  ODATA,
  TOP;

  /** The option's value, {@code odata} or {@code top}. */
  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
