package io.keybox.indexer.media;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * {@link PhotoVariants} on real files: sizes (never upscaled), orientation from EXIF, no metadata
 * out, and each format in: JPEG, CMYK JPEG, PNG with transparency, WebP, the first frame of a GIF;
 * a cut file and a non-image are refused with their reason.
 */
final class PhotoVariantsTest {
  private final PhotoVariants variants = new PhotoVariants();

  private static BufferedImage decode(byte[] jpeg) throws IOException {
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
    assertTrue(image != null, "a JPEG the JDK reads");
    return image;
  }

  private static void assertColor(Color expected, int rgb, String where) {
    Color actual = new Color(rgb);
    int distance =
        Math.abs(expected.getRed() - actual.getRed())
            + Math.abs(expected.getGreen() - actual.getGreen())
            + Math.abs(expected.getBlue() - actual.getBlue());
    assertTrue(distance < 60, where + ": expected about " + expected + ", got " + actual);
  }

  @Test
  void aLargeJpegGetsThreeWidthsWithItsAspect() throws Exception {
    byte[] source =
        TestImages.encode(
            TestImages.halves(2000, 1500, Color.RED, Color.BLUE, BufferedImage.TYPE_INT_RGB),
            "jpg");

    PhotoVariants.Variants made = variants.make(source);

    assertEquals(2000, made.width());
    assertEquals(1500, made.height());
    assertEquals(
        List.of(400, 800, 1600), List.copyOf(new java.util.TreeSet<>(made.jpegs().keySet())));
    for (int[] size : new int[][] {{400, 300}, {800, 600}, {1600, 1200}}) {
      BufferedImage variant = decode(made.jpegs().get(size[0]));
      assertEquals(size[0], variant.getWidth());
      assertEquals(size[1], variant.getHeight());
      assertColor(Color.RED, variant.getRGB(size[0] / 4, size[1] / 2), size[0] + " left");
      assertColor(Color.BLUE, variant.getRGB(3 * size[0] / 4, size[1] / 2), size[0] + " right");
    }
  }

  @Test
  void aSmallPngIsNeverUpscaledAndItsTransparencyTurnsWhite() throws Exception {
    BufferedImage png = new BufferedImage(500, 300, BufferedImage.TYPE_INT_ARGB);
    for (int x = 250; x < 500; x++) {
      for (int y = 0; y < 300; y++) {
        png.setRGB(x, y, 0xFF00AA00); // the right half opaque green, the left half transparent
      }
    }

    PhotoVariants.Variants made = variants.make(TestImages.encode(png, "png"));

    BufferedImage largest = decode(made.jpegs().get(1600));
    assertEquals(500, largest.getWidth(), "never wider than the source");
    assertEquals(300, largest.getHeight());
    BufferedImage small = decode(made.jpegs().get(400));
    assertEquals(400, small.getWidth());
    assertEquals(240, small.getHeight());
    assertColor(Color.WHITE, largest.getRGB(100, 150), "transparent");
    assertColor(new Color(0x00AA00), largest.getRGB(400, 150), "opaque");
    // 800 and 1600 both ask for the source's own 500 px: written once, the same bytes.
    assertSame(made.jpegs().get(800), made.jpegs().get(1600));
  }

  @Test
  void theExifOrientationIsAppliedAndNoMetadataComesOut() throws Exception {
    // Stored 640 x 480, left red, right blue; orientation 6: shown turned 90 degrees clockwise.
    byte[] source =
        TestImages.withExif(
            TestImages.encode(
                TestImages.halves(640, 480, Color.RED, Color.BLUE, BufferedImage.TYPE_INT_RGB),
                "jpg"),
            6);
    assertTrue(TestImages.contains(source, TestImages.EXIF_MARKER));

    PhotoVariants.Variants made = variants.make(source);

    assertEquals(480, made.width());
    assertEquals(640, made.height());
    BufferedImage small = decode(made.jpegs().get(400));
    assertEquals(400, small.getWidth());
    assertEquals(533, small.getHeight());
    assertColor(Color.RED, small.getRGB(200, 60), "top, the stored left");
    assertColor(Color.BLUE, small.getRGB(200, 470), "bottom, the stored right");
    for (byte[] jpeg : made.jpegs().values()) {
      assertFalse(TestImages.contains(jpeg, TestImages.EXIF_MARKER), "the camera's EXIF");
      assertFalse(TestImages.contains(jpeg, "Exif\0\0"), "an EXIF block");
    }
  }

  @Test
  void aCmykJpegAndAWebpAreDecoded() throws Exception {
    // cmyk.jpg: 640 x 480, yellow at the top fading to navy (ImageMagick, -colorspace CMYK).
    BufferedImage cmyk = decode(variants.make(TestImages.resource("cmyk.jpg")).jpegs().get(400));
    assertEquals(300, cmyk.getHeight());
    assertColor(Color.YELLOW, cmyk.getRGB(200, 2), "CMYK top");
    assertColor(new Color(0, 0, 128), cmyk.getRGB(200, 297), "CMYK bottom");
    // photo.webp: 640 x 480, green at the top fading to white (cwebp).
    BufferedImage webp = decode(variants.make(TestImages.resource("photo.webp")).jpegs().get(400));
    assertEquals(300, webp.getHeight());
    assertColor(new Color(0, 128, 0), webp.getRGB(200, 2), "WebP top");
    assertColor(Color.WHITE, webp.getRGB(200, 297), "WebP bottom");
  }

  @Test
  void aGifGivesItsFirstFrame() throws Exception {
    BufferedImage first = decode(variants.make(TestImages.twoFrameGif(600, 400)).jpegs().get(400));
    assertColor(Color.RED, first.getRGB(200, 130), "the first frame");
  }

  @Test
  void aCutFileAndANonImageAreRefusedWithTheirReason() {
    byte[] jpeg =
        TestImages.encode(
            TestImages.halves(800, 600, Color.RED, Color.BLUE, BufferedImage.TYPE_INT_RGB), "jpg");
    UnusableImageException cut =
        assertThrows(
            UnusableImageException.class,
            () -> variants.make(Arrays.copyOf(jpeg, jpeg.length / 2)));
    assertTrue(cut.getMessage().startsWith("cut short"), cut.getMessage());
    byte[] png =
        TestImages.encode(
            TestImages.halves(800, 600, Color.RED, Color.BLUE, BufferedImage.TYPE_INT_RGB), "png");
    UnusableImageException cutPng =
        assertThrows(
            UnusableImageException.class, () -> variants.make(Arrays.copyOf(png, png.length / 2)));
    assertTrue(cutPng.getMessage().startsWith("cannot decode ("), cutPng.getMessage());
    UnusableImageException html =
        assertThrows(
            UnusableImageException.class,
            () -> variants.make("<html>Forbidden</html>".getBytes(StandardCharsets.UTF_8)));
    assertEquals("not an image (no reader knows its format)", html.getMessage());
  }
}
