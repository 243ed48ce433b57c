package io.keybox.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.index.IndexFileNames;

/**
 * One publication of a vendor's commit: every file of the commit (the {@code segments_N} file
 * included), the commit's generation and user data, and the vendor's side files (id maps, pull
 * state). Written once under {@code <vendor>/manifests/<sequence>.json} and never changed.
 *
 * @param format the manifest format, {@value #FORMAT}
 * @param vendor the vendor
 * @param sequence the publication number: 1, 2, ... per vendor; it orders publications where the
 *     generation cannot (a vendor rebuilt from scratch starts again at {@code segments_1})
 * @param generation the commit's generation
 * @param segmentsFile the commit point's name, {@code segments_<generation in base 36>}
 * @param userData the commit's user data
 * @param files the commit's files, sorted by name
 * @param sideFiles the vendor's side files present at publication, sorted by name
 */
public record Manifest(
    int format,
    String vendor,
    long sequence,
    long generation,
    String segmentsFile,
    Map<String, String> userData,
    List<FileEntry> files,
    List<FileEntry> sideFiles) {

  /** The only format this library writes and reads. */
  public static final int FORMAT = 1;

  public Manifest {
    if (format != FORMAT) {
      throw new IllegalArgumentException(
          "manifest format must be " + FORMAT + " (got: " + format + ")");
    }
    Layout.checkVendor(vendor);
    if (sequence < 1) {
      throw new IllegalArgumentException("sequence must be >= 1 (got: " + sequence + ")");
    }
    userData = Collections.unmodifiableMap(new TreeMap<>(userData == null ? Map.of() : userData));
    sideFiles = sideFiles == null ? List.of() : sideFiles;
    files = sorted(files);
    sideFiles = sorted(sideFiles);
    for (FileEntry file : sideFiles) {
      // Side files land beside the index: only the known ones, never e.g. the keys file.
      if (!Layout.SIDE_FILES.contains(file.name())) {
        throw new IllegalArgumentException(
            "side file must be one of " + Layout.SIDE_FILES + " (got: '" + file.name() + "')");
      }
    }
    if (segmentsFile == null
        || !segmentsFile.startsWith("segments_")
        || !segmentsFile.equals(
            IndexFileNames.fileNameFromGeneration("segments", "", generation))) {
      throw new IllegalArgumentException(
          "commit point must be segments_N for generation "
              + generation
              + " (got: '"
              + segmentsFile
              + "')");
    }
    if (files.stream().noneMatch(file -> file.name().equals(segmentsFile))) {
      throw new IllegalArgumentException(
          "manifest's files must hold its commit point (got: '" + segmentsFile + "')");
    }
  }

  /** The commit point's entry. */
  public FileEntry segments() {
    return files.stream()
        .filter(file -> file.name().equals(segmentsFile))
        .findFirst()
        .orElseThrow();
  }

  /** Every key this manifest names: its index files and side files. */
  public List<String> objectKeys() {
    List<String> keys = new ArrayList<>();
    files.forEach(file -> keys.add(Layout.indexObject(vendor, file)));
    sideFiles.forEach(file -> keys.add(Layout.sideObject(vendor, file)));
    return keys;
  }

  private static List<FileEntry> sorted(List<FileEntry> entries) {
    List<FileEntry> copy = new ArrayList<>(entries);
    copy.sort((a, b) -> a.name().compareTo(b.name()));
    for (int i = 1; i < copy.size(); i++) {
      if (copy.get(i).name().equals(copy.get(i - 1).name())) {
        throw new IllegalArgumentException("file listed twice (got: '" + copy.get(i).name() + "')");
      }
    }
    return List.copyOf(copy);
  }
}
