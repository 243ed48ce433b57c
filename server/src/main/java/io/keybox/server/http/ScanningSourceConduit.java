package io.keybox.server.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.xnio.conduits.AbstractStreamSourceConduit;
import org.xnio.conduits.StreamSourceConduit;

/**
 * The bottom of a connection's input: hands every byte read to a {@link RequestHeadScanner} on its
 * way up to Undertow's parser, unchanged.
 */
final class ScanningSourceConduit extends AbstractStreamSourceConduit<StreamSourceConduit> {
  private final RequestHeadScanner scanner;

  ScanningSourceConduit(StreamSourceConduit next, RequestHeadScanner scanner) {
    super(next);
    this.scanner = scanner;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    int start = dst.position();
    int read = next.read(dst);
    if (read > 0) {
      scanner.scan(dst, start, start + read);
    }
    return read;
  }

  @Override
  public long read(ByteBuffer[] dsts, int offs, int len) throws IOException {
    int[] starts = new int[len];
    for (int i = 0; i < len; i++) {
      starts[i] = dsts[offs + i].position();
    }
    long read = next.read(dsts, offs, len);
    if (read > 0) {
      for (int i = 0; i < len; i++) {
        ByteBuffer dst = dsts[offs + i];
        if (dst.position() > starts[i]) {
          scanner.scan(dst, starts[i], dst.position());
        }
      }
    }
    return read;
  }
}
