package io.keybox.bench.media;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The photo paths a search answer shows: each {@code .../media/{vendor}/{digest}/{width}.jpg} of
 * its listings' {@code photos}, as the path of the variant of {@code width} wanted.
 */
public final class PhotoPaths {
  private static final Pattern PHOTO =
      Pattern.compile("/media/([a-z0-9][a-z0-9_-]{0,63})/([0-9a-f]{40})/[0-9]{3,4}\\.jpg");

  private PhotoPaths() {}

  /**
   * The distinct photo paths in {@code json}, in order of appearance, for the variant of {@code
   * width}: {@code /media/{vendor}/{digest}/{width}.jpg}.
   */
  public static List<String> in(String json, int width) {
    Set<String> paths = new LinkedHashSet<>();
    Matcher m = PHOTO.matcher(json);
    while (m.find()) {
      paths.add("/media/" + m.group(1) + "/" + m.group(2) + "/" + width + ".jpg");
    }
    return List.copyOf(paths);
  }
}
