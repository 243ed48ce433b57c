package io.keybox.server.http.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UndertowErrorHeadTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // Undertow's parser, and its Host check.
        "HTTP/1.1 400 Bad Request\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n | 400 Bad Request",
        "HTTP/1.1 400 No Host Header\\r\\nConnection: close\\r\\nContent-Length: 0\\r\\nDate: Fri, 20 Nov 2026 23:33:40 GMT\\r\\n\\r\\n | 400 No Host Header",
        "HTTP/1.0 400 Bad Request\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n | 400 Bad Request",
        // Undertow answers in the version the request line gave.
        "HTTP/0.9 400 Only One Host Header Allowed\\r\\nConnection: close\\r\\nContent-Length: 0\\r\\n\\r\\n | 400 Only One Host Header Allowed",
        // Keybox's own answers carry a request id; bodies, 2xx and 5xx are never touched.
        "HTTP/1.1 400 Bad Request\\r\\nX-Request-Id: 0123456789abcdef\\r\\nContent-Length: 0\\r\\n\\r\\n | ",
        "HTTP/1.1 400 Bad Request\\r\\nContent-Length: 0\\r\\n\\r\\n{} | ",
        "HTTP/1.1 400 Bad Request\\r\\nContent-Length: 2\\r\\n\\r\\n | ",
        "HTTP/1.1 200 OK\\r\\nContent-Length: 0\\r\\n\\r\\n | ",
        "HTTP/1.1 500 Internal Server Error\\r\\nContent-Length: 0\\r\\n\\r\\n | ",
        "[{\"mlsId\":1}] | ",
      })
  void recognisesOnlyUndertowsOwnEmptyErrorHeads(String bytes, String expected) {
    ByteBuffer buffer =
        ByteBuffer.wrap(
            bytes.replace("\\r", "\r").replace("\\n", "\n").getBytes(StandardCharsets.ISO_8859_1));
    Optional<String> head = UndertowErrorHead.in(buffer).map(h -> h.status() + " " + h.reason());
    assertEquals(Optional.ofNullable(expected), head);
    assertEquals(0, buffer.position(), "nothing consumed");
  }
}
