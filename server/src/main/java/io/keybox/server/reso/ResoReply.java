package io.keybox.server.reso;

import java.util.Map;

/**
 * An answer of the RESO endpoint as plain values: the content type, extra headers (such as {@code
 * Preference-Applied}) and the body; the status is 200 (errors are exceptions).
 */
public record ResoReply(String contentType, Map<String, String> headers, byte[] body) {
  public ResoReply {
    headers = Map.copyOf(headers);
  }
}
