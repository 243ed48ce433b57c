package io.keybox.server.reso;

import java.util.Map;

/**
 * An answer of the RESO endpoint as plain values: the content type and extra headers (such as
 * {@code Preference-Applied}) of the body written to the caller's stream; the status is 200 (errors
 * are exceptions).
 */
public record ResoReply(String contentType, Map<String, String> headers) {
  public ResoReply {
    headers = Map.copyOf(headers);
  }
}
