package io.keybox.server.alerts;

import io.keybox.server.error.InvalidRequestException;
import io.keybox.server.query.FilterValues;
import io.keybox.server.query.Include;
import io.keybox.server.query.ListingRequestParser;
import io.keybox.server.query.Paging;
import io.keybox.server.query.Params;
import io.keybox.server.query.VendorParam;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.search.Query;

/**
 * A saved search's query string, read exactly as {@code GET /properties} reads its parameters (the
 * same {@link ListingRequestParser}: a bad value is the same 400, an unknown parameter is ignored
 * the same way), less what makes no sense for an alert: paging and sort are refused, and so is
 * {@code vendor}, which the search names on its own.
 *
 * @param filter the listings it matches, IDX rule included
 * @param include the optional blocks each delivered listing carries
 */
public record SearchQuery(FilterValues filter, Include include) {
  private static final ListingRequestParser PARSER = new ListingRequestParser(Integer.MAX_VALUE);

  /** The parameters a saved search may not hold. */
  static final List<String> REFUSED = refused();

  /**
   * Parses {@code query} ({@code cities=Katy&minbeds=3}, without {@code ?}).
   *
   * @throws InvalidRequestException naming the parameter, as {@code /properties} would, or naming a
   *     paging or sort parameter, which a saved search may not hold
   */
  public static SearchQuery parse(String query) {
    Params params = Params.parse(query);
    for (Params.Param param : params.all()) {
      if (REFUSED.contains(param.name())) {
        throw new InvalidRequestException(
            "query: '"
                + param.name()
                + "' is not allowed in a saved search (paging, sort and vendor are not; the"
                + " vendor is the search's own field)");
      }
    }
    return new SearchQuery(PARSER.filter(params), Include.parse(params.values(Include.NAME)));
  }

  /** The Lucene query of the filter: what {@code /properties} runs for it. */
  public Query luceneQuery() {
    return io.keybox.server.query.FilterQueryBuilder.build(filter);
  }

  private static List<String> refused() {
    List<String> names = new ArrayList<>(Paging.parameters(true));
    names.add("sort");
    names.add(VendorParam.NAME);
    return List.copyOf(names);
  }
}
