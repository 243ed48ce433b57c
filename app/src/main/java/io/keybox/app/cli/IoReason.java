package io.keybox.app.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The reason an I/O operation on a file failed, in the words an operator reads ({@code no such
 * file}, {@code permission denied}, the operating system's own text otherwise), for error lines
 * that name the file themselves.
 */
public final class IoReason {
  private IoReason() {}

  /** Why {@code failure} happened, without the file's name. */
  public static String of(IOException failure) {
    return switch (failure) {
      case NoSuchFileException e -> "no such file";
      case AccessDeniedException e -> "permission denied";
      case NotDirectoryException e -> "not a directory";
      case FileSystemException e when e.getReason() != null -> e.getReason();
      default ->
          failure.getMessage() == null || failure.getMessage().isBlank()
              ? failure.getClass().getSimpleName()
              : failure.getMessage();
    };
  }
}
