package io.keybox.indexer.media;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * Real image files for the media tests: drawn and encoded here with the JDK's own writers (JPEG,
 * PNG, a two-frame GIF), a JPEG with a hand-built EXIF block (orientation and a marker string where
 * a camera puts its GPS position), and the two files in {@code src/test/resources/media} made once
 * with ImageMagick and cwebp (a CMYK JPEG, a WebP), which no JDK writer makes.
 */
final class TestImages {
  /** A string put in the EXIF block; no variant may carry it. */
  static final String EXIF_MARKER = "KEYBOX-GPS-MARKER";

  private TestImages() {}

  /** A {@code width} x {@code height} image, left half {@code left}, right half {@code right}. */
  static BufferedImage halves(int width, int height, Color left, Color right, int type) {
    BufferedImage image = new BufferedImage(width, height, type);
    Graphics2D g = image.createGraphics();
    g.setColor(left);
    g.fillRect(0, 0, width / 2, height);
    g.setColor(right);
    g.fillRect(width / 2, 0, width - width / 2, height);
    g.dispose();
    return image;
  }

  static byte[] encode(BufferedImage image, String format) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(image, format, out)) {
        throw new IllegalStateException("no " + format + " writer");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** A GIF of two frames: the first red, the second blue. */
  static byte[] twoFrameGif(int width, int height) throws IOException {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
      writer.setOutput(stream);
      writer.prepareWriteSequence(null);
      for (Color color : new Color[] {Color.RED, Color.BLUE}) {
        BufferedImage frame = halves(width, height, color, color, BufferedImage.TYPE_INT_RGB);
        IIOMetadata metadata =
            writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(frame), null);
        IIOMetadataNode root =
            (IIOMetadataNode) metadata.getAsTree(metadata.getNativeMetadataFormatName());
        IIOMetadataNode control = new IIOMetadataNode("GraphicControlExtension");
        control.setAttribute("disposalMethod", "none");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("delayTime", "50");
        control.setAttribute("transparentColorIndex", "0");
        root.appendChild(control);
        metadata.setFromTree(metadata.getNativeMetadataFormatName(), root);
        writer.writeToSequence(new IIOImage(frame, null, metadata), null);
      }
      writer.endWriteSequence();
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }

  /**
   * {@code jpeg} with an EXIF block after its start marker: Orientation {@code orientation} and a
   * Make tag holding {@link #EXIF_MARKER}, big-endian TIFF as cameras write it.
   */
  static byte[] withExif(byte[] jpeg, int orientation) {
    byte[] make = (EXIF_MARKER + "\0").getBytes(StandardCharsets.US_ASCII);
    ByteArrayOutputStream tiff = new ByteArrayOutputStream();
    // TIFF header: "MM", 42, first IFD at offset 8.
    write(tiff, 'M', 'M', 0, 42, 0, 0, 0, 8);
    // IFD0: two entries, then the offset of the next IFD (none).
    write(tiff, 0, 2);
    int makeOffset = 8 + 2 + 2 * 12 + 4;
    // Make (0x010F), ASCII (2), count, offset of the text.
    write(tiff, 0x01, 0x0F, 0, 2);
    write32(tiff, make.length);
    write32(tiff, makeOffset);
    // Orientation (0x0112), SHORT (3), count 1, the value in the first two bytes.
    write(tiff, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0);
    write32(tiff, 0);
    tiff.writeBytes(make);
    byte[] exif = tiff.toByteArray();
    byte[] header = "Exif\0\0".getBytes(StandardCharsets.US_ASCII);
    int length = 2 + header.length + exif.length;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(jpeg, 0, 2); // SOI
    write(out, 0xFF, 0xE1, length >> 8, length & 0xFF);
    out.writeBytes(header);
    out.writeBytes(exif);
    out.write(jpeg, 2, jpeg.length - 2);
    return out.toByteArray();
  }

  static byte[] resource(String name) throws IOException {
    return Files.readAllBytes(Path.of("src", "test", "resources", "media", name));
  }

  /** Whether {@code bytes} holds {@code text}. */
  static boolean contains(byte[] bytes, String text) {
    return new String(bytes, StandardCharsets.ISO_8859_1).contains(text);
  }

  private static void write(ByteArrayOutputStream out, int... bytes) {
    for (int b : bytes) {
      out.write(b);
    }
  }

  private static void write32(ByteArrayOutputStream out, int value) {
    write(out, value >>> 24, (value >>> 16) & 0xFF, (value >>> 8) & 0xFF, value & 0xFF);
  }
}
