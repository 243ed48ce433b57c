package io.keybox.indexer.feed;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The plain bytes of a gzip file (RFC 1952): every member in turn, each checked against its CRC-32
 * and length, and nothing after the last member but another member.
 *
 * <p>{@link java.util.zip.GZIPInputStream} reads concatenated members too, but ends quietly when
 * the bytes after a member are not a whole member header: a dump cut inside the header of its
 * second part, or followed by anything else, then reads as a shorter whole file. A dump is the
 * vendor's state, so bytes that cannot be read make it unreadable here, like a cut member.
 */
final class StrictGzipInputStream extends InputStream {
  private static final int MAGIC_1 = 0x1f;
  private static final int MAGIC_2 = 0x8b;
  private static final int DEFLATE = 8;
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;
  private static final int RESERVED_FLAGS = 0xe0;

  private final InputStream in;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private final byte[] buffer = new byte[1 << 16];
  private int position;
  private int limit;

  /** Compressed bytes consumed before {@link #buffer}'s first byte, for the error messages. */
  private long bufferStart;

  private int member;
  private boolean ended;

  /**
   * Reads the gzip file {@code in}, which must start with a member header.
   *
   * @throws IOException when it does not, or it cannot be read
   */
  StrictGzipInputStream(InputStream in) throws IOException {
    this.in = in;
    if (!startMember()) {
      throw new EOFException("the gzip file is empty");
    }
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] into, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    while (!ended) {
      int inflated;
      try {
        inflated = inflater.inflate(into, offset, length);
      } catch (DataFormatException e) {
        throw new ZipException("gzip member " + member + " is corrupt: " + e.getMessage());
      }
      if (inflated > 0) {
        crc.update(into, offset, inflated);
        return inflated;
      }
      if (inflater.finished()) {
        position = limit - inflater.getRemaining();
        checkTrailer();
        ended = !startMember();
      } else if (inflater.needsDictionary()) {
        throw new ZipException("gzip member " + member + " asks for a preset dictionary");
      } else if (inflater.needsInput()) {
        if (!fill()) {
          throw new EOFException(
              "the gzip data ends inside member " + member + " (the file is cut short?)");
        }
        inflater.setInput(buffer, position, limit - position);
      }
    }
    return -1;
  }

  /**
   * Reads the next member's header, if any bytes are left; false at the end of the file.
   *
   * @throws IOException when the bytes left are no whole gzip member header
   */
  private boolean startMember() throws IOException {
    if (position == limit && !fill()) {
      return false;
    }
    long at = offset();
    if (member > 0 && buffer[position] == 0) {
      skipZeroPadding(at);
      return false;
    }
    member++;
    String part = "the header of gzip member " + member + " (at byte " + at + ")";
    if (readByte(part) != MAGIC_1 || readByte(part) != MAGIC_2 || readByte(part) != DEFLATE) {
      throw new ZipException(member == 1 ? "not a gzip file" : notAMember(member - 1, at));
    }
    int flags = readByte(part);
    if ((flags & RESERVED_FLAGS) != 0) {
      throw new ZipException("gzip member " + member + " has reserved header flags set");
    }
    skip(6, part); // modification time, extra flags, operating system
    if ((flags & FEXTRA) != 0) {
      skip(readByte(part) | readByte(part) << 8, part);
    }
    if ((flags & FNAME) != 0) {
      skipZeroTerminated(part);
    }
    if ((flags & FCOMMENT) != 0) {
      skipZeroTerminated(part);
    }
    if ((flags & FHCRC) != 0) {
      skip(2, part);
    }
    inflater.reset();
    crc.reset();
    inflater.setInput(buffer, position, limit - position);
    return true;
  }

  /**
   * Reads to the end of the file, which from {@code at} may hold only zero bytes: the padding a
   * tape or block device adds, which gzip itself ignores.
   */
  private void skipZeroPadding(long at) throws IOException {
    do {
      for (; position < limit; position++) {
        if (buffer[position] != 0) {
          throw new ZipException(notAMember(member, at));
        }
      }
    } while (fill());
  }

  private static String notAMember(int member, long at) {
    return "the bytes after gzip member " + member + " (from byte " + at + ") are not gzip data";
  }

  /** Checks the member's CRC-32 and length (modulo 2^32) against its trailer. */
  private void checkTrailer() throws IOException {
    String part = "the trailer of gzip member " + member + " (at byte " + offset() + ")";
    long storedCrc = readInt(part);
    long storedLength = readInt(part);
    if (storedCrc != crc.getValue()) {
      throw new ZipException("gzip member " + member + " fails its CRC-32 check");
    }
    if (storedLength != (inflater.getBytesWritten() & 0xffffffffL)) {
      throw new ZipException("gzip member " + member + " has another length than its trailer's");
    }
  }

  private long offset() {
    return bufferStart + position;
  }

  private long readInt(String part) throws IOException {
    return readByte(part)
        | (long) readByte(part) << 8
        | (long) readByte(part) << 16
        | (long) readByte(part) << 24;
  }

  private void skipZeroTerminated(String part) throws IOException {
    while (readByte(part) != 0) {
      // a file name or comment, in ISO 8859-1: not needed
    }
  }

  private void skip(int count, String part) throws IOException {
    for (int i = 0; i < count; i++) {
      readByte(part);
    }
  }

  /** The next byte of {@code part}, a header or trailer (named in the error). */
  private int readByte(String part) throws IOException {
    if (position == limit && !fill()) {
      throw new EOFException("the gzip data ends inside " + part + " (the file is cut short?)");
    }
    return buffer[position++] & 0xff;
  }

  /** Refills the buffer once it is used up; false at the end of the file. */
  private boolean fill() throws IOException {
    bufferStart += limit;
    position = 0;
    limit = 0;
    int read;
    while ((read = in.read(buffer, 0, buffer.length)) == 0) {
      // a stream may return 0 before it has more
    }
    if (read < 0) {
      return false;
    }
    limit = read;
    return true;
  }

  @Override
  public void close() throws IOException {
    inflater.end();
    in.close();
  }
}
