package io.keybox.app;

import io.keybox.indexer.build.VendorLayout;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NotDirectoryException;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;

/**
 * The one line a failed run (exit 2) prints: what went wrong and what to do about it (OPERATIONS.md
 * §2), for the failures an operator can fix: a file where a folder belongs, no permission, a full
 * disk, a damaged id map or index. Anything else is named as it is, with the advice to run again
 * and report it if it recurs.
 */
final class FailureAdvice {
  private FailureAdvice() {}

  /**
   * The line for {@code failure} of a run on {@code layout}: what went wrong, that the current
   * index is unchanged, and what to do.
   */
  static String line(Exception failure, VendorLayout layout) {
    Advice advice = of(failure, layout);
    return advice.problem() + "; the current index is unchanged; " + advice.remedy();
  }

  /** What went wrong, and what to do about it. */
  private record Advice(String problem, String remedy) {}

  private static Advice of(Exception failure, VendorLayout layout) {
    Throwable cause = failure;
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (isKnown(t)) {
        cause = t;
        break;
      }
    }
    return switch (cause) {
      case FileAlreadyExistsException e -> notAFolder(e.getFile());
      case NotDirectoryException e -> notAFolder(e.getFile());
      case AccessDeniedException e ->
          new Advice(
              "cannot write " + e.getFile() + " (permission denied)",
              "give the indexer's user write access to " + layout.dataDir() + " and run again");
      case IndexFormatTooNewException e ->
          new Advice(
              "the index of vendor "
                  + layout.vendor()
                  + " at "
                  + layout.indexDir()
                  + " was written by a newer Keybox",
              "run that version, or move the index aside and run a full index with this one (the"
                  + " id maps keep the mlsIds)");
      case IndexFormatTooOldException e -> damagedIndex(layout, e);
      case CorruptIndexException e -> damagedIndex(layout, e);
      case IOException e when isDiskFull(e) ->
          new Advice(
              "the disk of " + layout.dataDir() + " is full",
              "free room for a second copy of the vendor's index (the previous one serves while"
                  + " the next is written) and run again");
      case IOException e when isDamagedIdMap(e, layout) ->
          new Advice(
              firstLine(e),
              "restore the vendor's id maps from a backup (docs/operations.md, Backups): without"
                  + " them every listing would get a new mlsId");
      case FileSystemException e ->
          new Advice(
              "cannot write "
                  + e.getFile()
                  + " ("
                  + (e.getReason() == null ? e.getClass().getSimpleName() : e.getReason())
                  + ")",
              "check that " + layout.dataDir() + " is a writable folder and run again");
      default ->
          new Advice(
              "failed: " + firstLine(failure),
              "run again, and if it fails the same way, report this line");
    };
  }

  private static boolean isKnown(Throwable t) {
    return t instanceof FileSystemException
        || t instanceof CorruptIndexException
        || t instanceof IndexFormatTooNewException
        || t instanceof IndexFormatTooOldException
        || (t instanceof IOException io && isDiskFull(io));
  }

  private static Advice notAFolder(String file) {
    return new Advice(
        file + " is a file where the vendor's folder or index belongs",
        "move it aside and run again");
  }

  private static Advice damagedIndex(VendorLayout layout, IOException e) {
    return new Advice(
        "the index of vendor "
            + layout.vendor()
            + " at "
            + layout.indexDir()
            + " cannot be read ("
            + e.getClass().getSimpleName()
            + ")",
        "restore it from a backup, or move it aside and run a full index (the id maps keep the"
            + " mlsIds)");
  }

  private static boolean isDiskFull(IOException e) {
    return e.getMessage() != null && e.getMessage().contains("No space left on device");
  }

  private static boolean isDamagedIdMap(IOException e, VendorLayout layout) {
    String message = e.getMessage();
    return message != null
        && (message.startsWith(layout.idMap().toString())
            || message.startsWith(layout.openHouseKeys().toString()));
  }

  private static String firstLine(Throwable t) {
    String message = t.getMessage();
    if (message == null || message.isBlank()) {
      return t.getClass().getName();
    }
    return message.lines().findFirst().orElse(message).strip();
  }
}
