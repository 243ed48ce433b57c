package io.keybox.indexer.media;

import io.keybox.schema.listing.PhotoUrls;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import net.coobird.thumbnailator.Thumbnails;
import net.coobird.thumbnailator.util.exif.ExifFilterUtils;
import net.coobird.thumbnailator.util.exif.ExifUtils;
import net.coobird.thumbnailator.util.exif.Orientation;

/**
 * Turns a downloaded photo into the JPEG variants Keybox serves: decoded once (JPEG, CMYK and YCCK
 * JPEG through TwelveMonkeys' reader, PNG, WebP, the first frame of a GIF), turned upright by its
 * EXIF orientation, then resized by Thumbnailator to each of {@link #WIDTHS} (never wider than the
 * source: a small photo's "1600" is its own width) and written as baseline JPEG.
 *
 * <p>The variants carry no metadata at all: they are encoded from pixels, so the camera's EXIF
 * (which can hold the GPS position of an occupied home) never reaches a website. Transparency is
 * laid on white.
 */
public final class PhotoVariants {
  /** The widths served, in pixels; the URL names one of them. */
  public static final List<Integer> WIDTHS = PhotoUrls.WIDTHS;

  /** Larger sources are refused: decoding one would hold gigabytes of pixels. */
  static final long MAX_PIXELS = 100_000_000L;

  private static final double QUALITY = 0.82;

  static {
    // ImageIO's streams over memory (a photo's bytes, a variant's output) otherwise buffer through
    // a temporary file each: three file writes per photo for nothing. JVM-wide, and right for any
    // ImageIO use in Keybox, whose images are in memory already.
    ImageIO.setUseCache(false);
  }

  /**
   * The variants of a photo.
   *
   * @param width the upright source's width
   * @param height the upright source's height
   * @param jpegs per width of {@link #WIDTHS}, the JPEG bytes
   */
  public record Variants(int width, int height, Map<Integer, byte[]> jpegs) {
    public Variants {
      jpegs = Map.copyOf(jpegs);
    }

    /** All variants' bytes. */
    public long bytes() {
      return jpegs.values().stream().mapToLong(b -> b.length).sum();
    }
  }

  /**
   * Decodes {@code source} and writes its variants.
   *
   * @throws UnusableImageException when it is no image a reader decodes whole
   */
  public Variants make(byte[] source) throws UnusableImageException {
    if (isJpeg(source) && !endsWithEndOfImage(source)) {
      // A JPEG cut short still decodes, its missing rows gray: the decoder only warns.
      throw new UnusableImageException("cut short (no JPEG end marker)");
    }
    BufferedImage image = upright(source);
    Map<Integer, byte[]> jpegs = new LinkedHashMap<>();
    Map<Integer, byte[]> encoded = new HashMap<>(); // by the width written
    for (int width : WIDTHS) {
      // A photo narrower than a width is written at its own width: once, whatever asks for it.
      int written = Math.min(width, image.getWidth());
      byte[] bytes = encoded.get(written);
      if (bytes == null) {
        bytes = jpeg(image, written);
        encoded.put(written, bytes);
      }
      jpegs.put(width, bytes);
    }
    return new Variants(image.getWidth(), image.getHeight(), jpegs);
  }

  private static BufferedImage upright(byte[] source) throws UnusableImageException {
    try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(source))) {
      Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
      if (!readers.hasNext()) {
        throw new UnusableImageException("not an image (no reader knows its format)");
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, false);
        long pixels = (long) reader.getWidth(0) * reader.getHeight(0);
        if (pixels > MAX_PIXELS || pixels <= 0) {
          throw new UnusableImageException(
              "image of " + reader.getWidth(0) + " x " + reader.getHeight(0) + " pixels");
        }
        // Readers only warn of data that ends early (and of harmless things, such as a CMYK
        // JPEG without a colour profile): those that say the data ended make the file unusable.
        List<String> cut = new java.util.ArrayList<>();
        reader.addIIOReadWarningListener(
            (r, warning) -> {
              String text = warning.toLowerCase(java.util.Locale.ROOT);
              if (text.contains("premature") || text.contains("truncat")) {
                cut.add(warning);
              }
            });
        BufferedImage image = reader.read(0);
        if (!cut.isEmpty()) {
          throw new UnusableImageException("cut short (" + cut.get(0) + ")");
        }
        Orientation orientation = orientation(reader);
        if (orientation != null && orientation != Orientation.TOP_LEFT) {
          image = ExifFilterUtils.getFilterForOrientation(orientation).apply(image);
        }
        return opaque(image);
      } finally {
        reader.dispose();
      }
    } catch (IOException | RuntimeException e) {
      // A cut file ends the decoder with an EOF or an index error deep in the reader.
      throw new UnusableImageException(
          "cannot decode (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
    }
  }

  private static boolean isJpeg(byte[] bytes) {
    return bytes.length >= 3
        && (bytes[0] & 0xFF) == 0xFF
        && (bytes[1] & 0xFF) == 0xD8
        && (bytes[2] & 0xFF) == 0xFF;
  }

  /** Whether the JPEG's end-of-image marker is among its last bytes (some writers pad after it). */
  private static boolean endsWithEndOfImage(byte[] bytes) {
    for (int i = bytes.length - 2; i >= Math.max(0, bytes.length - 64); i--) {
      if ((bytes[i] & 0xFF) == 0xFF && (bytes[i + 1] & 0xFF) == 0xD9) {
        return true;
      }
    }
    return false;
  }

  /** The EXIF orientation of a JPEG, or null when there is none (other formats). */
  private static Orientation orientation(ImageReader reader) {
    try {
      return ExifUtils.getExifOrientation(reader, 0);
    } catch (IOException | RuntimeException e) {
      return null; // no readable EXIF: shown as stored
    }
  }

  /** The image as plain RGB, transparency laid on white (JPEG has no alpha). */
  private static BufferedImage opaque(BufferedImage image) {
    if (image.getType() == BufferedImage.TYPE_INT_RGB) {
      return image;
    }
    BufferedImage rgb =
        new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = rgb.createGraphics();
    try {
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, image.getWidth(), image.getHeight());
      g.drawImage(image, 0, 0, null);
    } finally {
      g.dispose();
    }
    return rgb;
  }

  private static byte[] jpeg(BufferedImage image, int width) throws UnusableImageException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      Thumbnails.of(image)
          .width(width)
          .outputFormat("jpg")
          .outputQuality(QUALITY)
          .toOutputStream(out);
    } catch (IOException e) {
      throw new UnusableImageException("cannot encode a " + width + " px JPEG (" + e + ")", e);
    }
    return out.toByteArray();
  }
}
