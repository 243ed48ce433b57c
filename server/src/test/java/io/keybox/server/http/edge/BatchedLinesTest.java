package io.keybox.server.http.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchedLinesTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  @Test
  void flushWritesTheLinesHandedOverInOrder() {
    try (BatchedLines lines = new BatchedLines(out)) {
      lines.add("a\n");
      lines.add("b\n");
      lines.flush();
      assertEquals("a\nb\n", written());
      lines.add("c\n");
    }
    assertEquals("a\nb\nc\n", written());
  }

  @Test
  void moreLinesThanTheQueueHoldsAreAllWrittenInOrder() {
    int count = BatchedLines.CAPACITY * 3 + 7; // overflows the queue unless the writer keeps up
    try (BatchedLines lines = new BatchedLines(out)) {
      for (int i = 0; i < count; i++) {
        lines.add(i + "\n");
      }
    }
    List<String> got = written().lines().toList();
    assertEquals(count, got.size());
    for (int i = 0; i < count; i++) {
      assertEquals(Integer.toString(i), got.get(i));
    }
  }

  @Test
  void afterCloseALineIsWrittenAtOnce() {
    BatchedLines lines = new BatchedLines(out);
    lines.close();
    lines.add("late\n");
    assertEquals("late\n", written());
  }

  private String written() {
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
