package io.keybox.generator;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * The pictures of a generated feed: {@link #FRONTS} house fronts and {@link #ROOMS} rooms, drawn
 * from the seed (sky, walls, roofs, windows, floors and furniture in varied colours and places),
 * 480 x 320 JPEGs of a few KB each. A listing's first photo is a front, the others rooms ({@link
 * #front}, {@link #room}): pictures repeat across listings, as stock photos do in real feeds, so a
 * mirror stores each once.
 */
final class PhotoPool {
  static final int FRONTS = 12;
  static final int ROOMS = 32;
  private static final int WIDTH = 480;
  private static final int HEIGHT = 320;

  private PhotoPool() {}

  /** The file name of the front picture of a listing whose id hashes to {@code hash}. */
  static String front(long hash) {
    return String.format("front-%02d.jpg", Math.floorMod(hash, FRONTS));
  }

  /**
   * The file name of photo {@code n} (2 and up) of a listing whose id hashes to {@code hash}:
   * distinct for the 31 photos after the front.
   */
  static String room(long hash, int n) {
    return String.format("room-%02d.jpg", Math.floorMod(hash + n, ROOMS));
  }

  /**
   * Draws every picture into {@code dir} (created when missing), each written whole under a
   * temporary name first.
   *
   * @throws IOException when a file cannot be written
   */
  static void write(Path dir, long seed) throws IOException {
    Files.createDirectories(dir);
    for (int i = 0; i < FRONTS; i++) {
      save(front(Dice.of(seed, Dice.PHOTOS, i)), dir.resolve(front(i)));
    }
    for (int i = 0; i < ROOMS; i++) {
      save(room(Dice.of(seed, Dice.PHOTOS, FRONTS + i)), dir.resolve(room(0, i)));
    }
  }

  private static BufferedImage front(Dice d) {
    BufferedImage image = canvas();
    Graphics2D g = graphics(image);
    g.setPaint(
        new GradientPaint(0, 0, tone(d, 110, 170, 230, 30), 0, 200, new Color(225, 238, 250)));
    g.fillRect(0, 0, WIDTH, HEIGHT);
    g.setColor(tone(d, 70, 140, 60, 30)); // lawn
    g.fillRect(0, 235, WIDTH, HEIGHT - 235);
    int houseX = 60 + d.between(0, 80);
    int houseW = 240 + d.between(0, 80);
    g.setColor(tone(d, 200, 180, 150, 50)); // walls
    g.fillRect(houseX, 130, houseW, 120);
    g.setColor(tone(d, 120, 60, 50, 40)); // roof
    g.fillPolygon(
        new int[] {houseX - 20, houseX + houseW / 2, houseX + houseW + 20},
        new int[] {135, 60 + d.between(0, 25), 135},
        3);
    g.setColor(tone(d, 90, 60, 40, 30)); // door
    int doorX = houseX + houseW / 2 - 18;
    g.fillRect(doorX, 185, 36, 65);
    g.setColor(new Color(160, 200, 230)); // windows
    int windows = 2 + d.between(0, 2);
    for (int w = 0; w < windows; w++) {
      int x = houseX + 20 + w * (houseW - 70) / Math.max(1, windows - 1);
      if (Math.abs(x - doorX) > 40) {
        g.fillRect(x, 155, 34, 30);
      }
    }
    g.setColor(tone(d, 40, 110, 50, 30)); // a tree
    g.fillOval(d.chance(0.5) ? 10 : WIDTH - 90, 120, 80, 110);
    g.dispose();
    return image;
  }

  private static BufferedImage room(Dice d) {
    BufferedImage image = canvas();
    Graphics2D g = graphics(image);
    g.setColor(tone(d, 225, 215, 195, 40)); // walls
    g.fillRect(0, 0, WIDTH, HEIGHT);
    g.setColor(tone(d, 150, 110, 70, 50)); // floor
    g.fillRect(0, 230, WIDTH, HEIGHT - 230);
    int windowX = 40 + d.between(0, 250);
    g.setColor(new Color(250, 250, 245));
    g.fillRect(windowX - 6, 50, 132, 112);
    g.setPaint(
        new GradientPaint(0, 56, new Color(120, 180, 235), 0, 156, new Color(210, 232, 250)));
    g.fillRect(windowX, 56, 120, 100);
    g.setColor(tone(d, 110, 120, 150, 80)); // sofa or bed
    int furnitureX = d.between(20, 260);
    g.fillRoundRect(furnitureX, 190, 180, 70, 18, 18);
    g.setColor(tone(d, 170, 70, 70, 60)); // rug
    g.fillOval(furnitureX - 30, 262, 240, 40);
    g.setColor(tone(d, 60, 60, 60, 40)); // a frame on the wall
    g.fillRect(WIDTH - 120 - d.between(0, 60), 70, 60, 45);
    g.dispose();
    return image;
  }

  private static BufferedImage canvas() {
    return new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
  }

  private static Graphics2D graphics(BufferedImage image) {
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    return g;
  }

  /** A colour near {@code (r, g, b)}, each channel moved by up to {@code spread}. */
  private static Color tone(Dice d, int r, int g, int b, int spread) {
    return new Color(
        clamp(r + d.between(-spread, spread)),
        clamp(g + d.between(-spread, spread)),
        clamp(b + d.between(-spread, spread)));
  }

  private static int clamp(int channel) {
    return Math.max(0, Math.min(255, channel));
  }

  private static void save(BufferedImage image, Path file) throws IOException {
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    try (OutputStream out = Files.newOutputStream(partial);
        ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(0.7f);
      writer.setOutput(stream);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.dispose();
    }
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
  }
}
