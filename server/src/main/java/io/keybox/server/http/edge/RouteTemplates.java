package io.keybox.server.http.edge;

import io.undertow.util.AttachmentKey;
import java.util.Optional;

/**
 * The route templates of a router, as the edge labels requests by them ({@link MetricsHandler}),
 * without the edge knowing the routes: the router implements it and attaches the template it
 * matched under {@link #MATCHED}.
 */
public interface RouteTemplates {
  /** The template of the matched route, e.g. {@code /properties/{mlsId}} (metrics label). */
  AttachmentKey<String> MATCHED = AttachmentKey.create(String.class);

  /** The template of the route {@code path} matches, whatever the method. */
  Optional<String> template(String path);
}
