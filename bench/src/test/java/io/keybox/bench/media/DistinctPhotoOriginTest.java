package io.keybox.bench.media;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DistinctPhotoOriginTest {
  @TempDir Path pictures;

  @Test
  void putsACommentSegmentRightAfterTheStartMarker() throws IOException {
    byte[] jpeg = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 1, 2};

    byte[] distinct = DistinctPhotoOrigin.distinct(jpeg, "7/a");

    byte[] expected = {
      (byte) 0xFF,
      (byte) 0xD8, // start of image
      (byte) 0xFF,
      (byte) 0xFE,
      0,
      5,
      '7',
      '/',
      'a', // comment: length 5 = 2 + "7/a"
      (byte) 0xFF,
      (byte) 0xE0,
      1,
      2 // the rest as it was
    };
    assertArrayEquals(expected, distinct);
  }

  @Test
  void refusesWhatIsNoJpeg() {
    assertThrows(
        IOException.class, () -> DistinctPhotoOrigin.distinct(new byte[] {'P', 'N', 'G'}, "1/a"));
  }

  @Test
  void servesEachUrlItsOwnBytesOfThePicturesPixels() throws Exception {
    Files.write(pictures.resolve("front-00.jpg"), redSquare());
    try (DistinctPhotoOrigin origin = DistinctPhotoOrigin.start(pictures)) {
      HttpClient client = HttpClient.newHttpClient();
      byte[] first = get(client, origin.url(0, "front-00.jpg"), 200);
      byte[] second = get(client, origin.url(1, "front-00.jpg"), 200);

      assertFalse(Arrays.equals(first, second), "two URLs, two digests");
      BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(second));
      assertEquals(16, decoded.getWidth());
      Color centre = new Color(decoded.getRGB(8, 8));
      assertEquals(255, centre.getRed(), 8); // JPEG is lossy: red within a few levels
      assertEquals(0, centre.getGreen(), 8);

      get(client, origin.url(2, "missing.jpg"), 404);
      get(client, origin.url(3, "..%2F..%2Fetc%2Fpasswd"), 404);
    }
  }

  private static byte[] get(HttpClient client, String url, int status) throws Exception {
    HttpResponse<byte[]> response =
        client.send(
            HttpRequest.newBuilder(URI.create(url)).build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertEquals(status, response.statusCode(), url);
    return response.body();
  }

  private static byte[] redSquare() throws IOException {
    BufferedImage image = new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB);
    for (int x = 0; x < 16; x++) {
      for (int y = 0; y < 16; y++) {
        image.setRGB(x, y, 0xFF0000);
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "jpeg", out);
    return out.toByteArray();
  }
}
