package io.keybox.indexer.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;

class StrictGzipInputStreamTest {
  private static final String FIRST = "{\"listingId\":\"A\"}\n{\"listingId\":\"B\"}\n";
  private static final String SECOND = "{\"listingId\":\"C\"}\n";

  @Test
  void readsOneMember() throws IOException {
    assertEquals(FIRST, read(gzip(FIRST)));
  }

  @Test
  void readsEveryMemberOfConcatenatedParts() throws IOException {
    assertEquals(FIRST + SECOND, read(concat(gzip(FIRST), gzip(SECOND))));
    assertEquals(FIRST, read(concat(gzip(""), gzip(FIRST), gzip(""))));
  }

  @Test
  void readsAMemberOfNothing() throws IOException {
    assertEquals("", read(gzip("")));
  }

  @Test
  void readsByteByByte() throws IOException {
    try (InputStream in = new StrictGzipInputStream(new ByteArrayInputStream(gzip(SECOND)))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int b;
      while ((b = in.read()) >= 0) {
        out.write(b);
      }
      assertEquals(SECOND, out.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void readsEveryOptionalHeaderField() throws IOException {
    byte[] content = SECOND.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream member = new ByteArrayOutputStream();
    // magic, deflate, flags FHCRC|FEXTRA|FNAME|FCOMMENT, mtime, xfl, os
    member.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 1, 2, 3, 4, 0, 3});
    member.writeBytes(new byte[] {3, 0, 'x', 'y', 'z'}); // FEXTRA: 3 bytes
    member.writeBytes("listings.ndjson\0".getBytes(StandardCharsets.ISO_8859_1));
    member.writeBytes("nightly dump\0".getBytes(StandardCharsets.ISO_8859_1));
    member.writeBytes(new byte[] {0x12, 0x34}); // FHCRC (not checked, as gzip does by default)
    member.writeBytes(deflate(content));
    member.writeBytes(trailer(content));
    assertEquals(SECOND, read(member.toByteArray()));
  }

  @Test
  void zeroPaddingAfterTheLastMemberIsIgnored() throws IOException {
    assertEquals(FIRST, read(concat(gzip(FIRST), new byte[512])));
  }

  @Test
  void bytesAfterTheLastMemberMakeTheFileUnreadable() {
    byte[] first = gzip(FIRST);
    // Text after the member, and a non-zero byte after zero padding.
    for (byte[] after :
        List.of("<html>".getBytes(StandardCharsets.US_ASCII), new byte[] {0, 0, 7})) {
      ZipException e = assertThrows(ZipException.class, () -> read(concat(first, after)));
      assertEquals(
          "the bytes after gzip member 1 (from byte " + first.length + ") are not gzip data",
          e.getMessage());
    }
  }

  @Test
  void aFileCutInsideTheHeaderOfALaterMemberIsUnreadable() {
    byte[] first = gzip(FIRST);
    byte[] second = gzip(SECOND);
    for (int kept : new int[] {1, 2, 5, 9}) {
      EOFException e =
          assertThrows(
              EOFException.class,
              () -> read(concat(first, Arrays.copyOf(second, kept))),
              "" + kept);
      assertEquals(
          "the gzip data ends inside the header of gzip member 2 (at byte "
              + first.length
              + ") (the file is cut short?)",
          e.getMessage());
    }
  }

  @Test
  void aFileCutInsideTheDataOrTrailerOfAMemberIsUnreadable() {
    byte[] second = gzip(SECOND);
    EOFException data =
        assertThrows(
            EOFException.class,
            () -> read(concat(gzip(FIRST), Arrays.copyOf(second, second.length - 12))));
    assertEquals("the gzip data ends inside member 2 (the file is cut short?)", data.getMessage());
    EOFException trailer =
        assertThrows(EOFException.class, () -> read(Arrays.copyOf(second, second.length - 3)));
    assertEquals(
        "the gzip data ends inside the trailer of gzip member 1 (at byte "
            + (second.length - 8)
            + ") (the file is cut short?)",
        trailer.getMessage());
  }

  @Test
  void aMemberThatFailsItsChecksIsUnreadable() {
    byte[] badCrc = gzip(FIRST);
    badCrc[badCrc.length - 8] ^= 1;
    assertEquals(
        "gzip member 1 fails its CRC-32 check",
        assertThrows(ZipException.class, () -> read(badCrc)).getMessage());
    byte[] badLength = gzip(FIRST);
    badLength[badLength.length - 4] ^= 1;
    assertEquals(
        "gzip member 1 has another length than its trailer's",
        assertThrows(ZipException.class, () -> read(badLength)).getMessage());
    byte[] badData = gzip(FIRST);
    Arrays.fill(badData, 10, 16, (byte) 0xff);
    assertThrows(ZipException.class, () -> read(badData));
  }

  @Test
  void aHeaderWithReservedFlagsOrNoMagicIsRefused() {
    byte[] reserved = gzip(FIRST);
    reserved[3] = 0x20;
    assertEquals(
        "gzip member 1 has reserved header flags set",
        assertThrows(ZipException.class, () -> read(reserved)).getMessage());
    assertEquals(
        "not a gzip file",
        assertThrows(ZipException.class, () -> read(FIRST.getBytes(StandardCharsets.UTF_8)))
            .getMessage());
    assertThrows(EOFException.class, () -> read(new byte[0]));
  }

  private static String read(byte[] file) throws IOException {
    try (InputStream in = new StrictGzipInputStream(new ByteArrayInputStream(file))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static byte[] gzip(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return out.toByteArray();
  }

  private static byte[] deflate(byte[] content) {
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    deflater.setInput(content);
    deflater.finish();
    byte[] out = new byte[content.length + 64];
    int length = deflater.deflate(out);
    deflater.end();
    return Arrays.copyOf(out, length);
  }

  private static byte[] trailer(byte[] content) {
    CRC32 crc = new CRC32();
    crc.update(content);
    long c = crc.getValue();
    int n = content.length;
    return new byte[] {
      (byte) c, (byte) (c >> 8), (byte) (c >> 16), (byte) (c >> 24),
      (byte) n, (byte) (n >> 8), (byte) (n >> 16), (byte) (n >> 24)
    };
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
