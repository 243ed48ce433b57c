package io.keybox.app;

import io.keybox.indexer.build.VendorLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options that name one vendor's folder, shared by {@code index}, {@code pull} and {@code
 * publish} as a mixin: {@code --data-dir} and {@code --vendor}, and their checks, which fail as
 * usage errors naming the option.
 *
 * <pre>
 * &#64;Mixin VendorOptions vendorOptions;
 * VendorLayout layout = vendorOptions.layout();
 * </pre>
 */
final class VendorOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      required = true,
      description = "data directory holding one folder per vendor (required)")
  Path dataDir;

  @Option(
      names = "--vendor",
      paramLabel = "NAME",
      required = true,
      description = "vendor name, e.g. houston (required)")
  String vendor;

  /**
   * The vendor's folders under {@code --data-dir}; reads no file.
   *
   * @throws ParameterException naming {@code --vendor} when the name is not a vendor's
   */
  VendorLayout layout() {
    try {
      return new VendorLayout(dataDir, vendor);
    } catch (IllegalArgumentException e) {
      throw usage("--vendor: " + e.getMessage());
    }
  }

  /**
   * Refuses a {@code --data-dir} that is a file, before a run writes below it (one that does not
   * exist yet is made by the run).
   *
   * @throws ParameterException naming {@code --data-dir}
   */
  void requireDirectory() {
    if (Files.exists(dataDir) && !Files.isDirectory(dataDir)) {
      throw usage(
          "--data-dir: '" + dataDir + "' is a file; give the directory that holds the vendors");
    }
  }

  /** A usage error of the command these options belong to. */
  ParameterException usage(String problem) {
    return new ParameterException(mixee.commandLine(), problem);
  }
}
