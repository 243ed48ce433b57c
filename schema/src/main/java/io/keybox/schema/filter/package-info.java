/**
 * Filter tables: the query parameters of each search as data. A {@link
 * io.keybox.schema.filter.FilterTable} holds one {@link io.keybox.schema.filter.Filter} row per
 * parameter: its name, the field it filters and how ({@link io.keybox.schema.filter.FilterKind}:
 * any-of, all-of, a range bound, text, or a rule of its own), its {@link
 * io.keybox.schema.filter.ValueParser}, and the line that documents it. The tables themselves are
 * beside their fields: {@code listing.ListingFilters}, {@code openhouse.OpenHouseFilters}, {@code
 * agent.AgentFilters}. The server reads every table with one generic parser and one generic query
 * builder; the routes' parameter lists are the rows' names and the OpenAPI document is checked
 * against the rows.
 *
 * <p>Value parsers refuse a value with an {@link io.keybox.schema.filter.InvalidValueException}
 * that shows the value and what is allowed; the server names the parameter. {@link
 * io.keybox.schema.filter.PointsParser} is the polygon of the {@code points} parameter.
 *
 * <p>Depends on {@code io.keybox.schema} (record kinds), {@code io.keybox.schema.field}, {@code
 * io.keybox.schema.shape} (instant parsing), Lucene core and the JDK.
 */
package io.keybox.schema.filter;
