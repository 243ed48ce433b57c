package io.keybox.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code prev} link of {@code lastId} pages where the matches below the cursor are sparse, so
 * the server must look further down than its first window of mlsIds (ListingSearcher's
 * previousCursor), or all the way to the beginning.
 *
 * <p>On {@code data/fixtures/search}, {@code cities=Katy&type=residential&type=land&idx=ignore}
 * matches 207 (CND), 208, 209 and 225 (LND), worked out by hand from the fixture. A page's {@code
 * prev} cursor is the match just below the {@code limit} largest matches at or below its {@code
 * lastId}, 0 when there is none, and no {@code prev} when nothing lies at or below it.
 */
class CursorPrevLinkHttpTest {
  private static final String KEY = "walker";
  private static final String SECRET = "w4lker";
  private static final String KATY =
      "/properties?cities=Katy&type=residential&type=land&idx=ignore";
  private static final Pattern PREV = Pattern.compile("[?&]lastId=(\\d+)[^>]*>; rel=\"prev\"");

  @RegisterExtension
  static final FixtureServer server = FixtureServer.perClass("search", "search", KEY, SECRET);

  @ParameterizedTest(name = "lastId={0}&limit={1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # lastId | limit | page          | prev lastId (none: no prev link)
          # the previous page [209] lies in the first window below the cursor; it starts after 208
          209      | 1     | 225           | 208
          # nothing in (216, 224]: the window widens to find the previous page [209]
          224      | 1     | 225           | 208
          208      | 1     | 209           | 207
          # the previous page [207, 208, 209] is the first: prev starts from the beginning
          224      | 3     | 225           | 0
          208      | 2     | 209 225       | 0
          # nothing at or below 206: this page is the first, there is no prev
          206      | 2     | 207 208       | none
          0        | 4     | 207 208 209 225 | none
          """)
  void prevCursorOfASparseFilter(long lastId, int limit, String page, String prev)
      throws Exception {
    HttpResponse<String> response =
        server.get(KATY + "&lastId=" + lastId + "&limit=" + limit, KEY, SECRET);
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(FixtureServer.longs(page), FixtureServer.mlsIds(response));
    Matcher link = PREV.matcher(response.headers().firstValue("Link").orElse(""));
    assertEquals(prev, link.find() ? link.group(1) : "none");
  }
}
