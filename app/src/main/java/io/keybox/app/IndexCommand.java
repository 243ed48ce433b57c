package io.keybox.app;

import io.keybox.app.cli.Checked;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.Wording;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.media.MediaMirror;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.MutuallyExclusiveArgsException;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code keybox index}: builds a vendor's new state from a feed dump and publishes it
 * (OPERATIONS.md §2–§4). Exit codes: 0 published, 1 bad input (bad arguments, unreadable or refused
 * dump), 2 I/O failure.
 */
@Command(
    name = "index",
    customSynopsis = {
      "./run.sh index --data-dir DIR --vendor NAME --listings FILE [--openhouses FILE]"
          + " [--agents FILE]",
      "                     [--format native|reso] [--incremental | --force] [--quiet]"
          + " [--publish-to STORE_URL]",
      "                     [--media mirror|link|off] [--media-max-rps N] [--media-threads N]",
      "                     [--media-dump FILE]"
    },
    descriptionHeading = "%n",
    description = {
      "Builds the vendor's complete new index from a dump (listings, and optionally open",
      "houses and agents) and publishes it with one commit; the previous state serves until",
      "then. A full run without --openhouses or --agents publishes a state without them. Open",
      "houses name their listing by mlsId or listingId of the same dump, or carry it whole.",
      "--incremental applies the dumps as upserts: listings (status Delete removes one, with",
      "its open houses), open houses (by openHouseId; they may name a listing already",
      "indexed) and agents (by id); what the dumps do not name stays.",
      "Bad records are skipped and written with their dump and line numbers to",
      "DIR/NAME/rejects.ndjson. With --publish-to, the commit is then published to an object",
      "store for query nodes (as keybox publish does); a failed publication exits 2 and",
      "leaves the local commit in place."
    },
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExamples:%n",
    footer = {
      "  ./run.sh index --data-dir data/index --vendor houston --listings feed/listings.ndjson.gz"
          + " \\",
      "      --openhouses feed/openhouses.ndjson.gz --agents feed/agents.ndjson.gz",
      "  ./run.sh index --data-dir data/index --vendor houston --format reso \\",
      "      --listings reso/Property.json.gz"
    })
final class IndexCommand implements Callable<Integer>, Checked, Wording {
  @Spec CommandSpec spec;

  @ParentCommand Keybox keybox;

  @Mixin VendorOptions vendorOptions;

  @Option(
      names = "--listings",
      paramLabel = "FILE",
      required = true,
      description = "listings dump, plain or gzip (required)")
  Path listings;

  @Option(
      names = "--openhouses",
      paramLabel = "FILE",
      description = "open houses dump, plain or gzip (default: none, the state has none)")
  Path openHouses;

  @Option(
      names = "--agents",
      paramLabel = "FILE",
      description = "agents dump, plain or gzip (default: none, the state has none)")
  Path agents;

  @Option(
      names = "--media-dump",
      paramLabel = "FILE",
      description =
          "RESO Media records (the Media resource), plain or gzip, with --format reso: a listing"
              + " whose record has no Media array gets the photos this file holds for it, joined"
              + " by ResourceRecordKey = ListingKey (default: none)")
  Path mediaDump;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "native",
      converter = FormatConverter.class,
      description =
          "native (records in the API's shapes) or reso (RESO Property, OpenHouse and Member"
              + " records); either as NDJSON, a JSON array, JSON values one after the other or"
              + " OData pages, told apart by content (default: ${DEFAULT-VALUE})")
  FeedFormat format;

  @ArgGroup(exclusive = true)
  Mode mode = new Mode();

  /** A full run may be forced; an incremental one has nothing to force. */
  static final class Mode {
    @Option(
        names = "--incremental",
        description =
            "apply the listings as upserts to the current index; status Delete removes one"
                + " (default: off, a full run replaces the vendor's state)")
    boolean incremental;

    @Option(
        names = "--force",
        description =
            "publish a dump the checks refuse: none of its records usable, under half the"
                + " current listings or agents, no open house while some are indexed (default:"
                + " off)")
    boolean force;
  }

  @Mixin IndexRunOptions run;

  @Mixin MediaOptions media;

  @Mixin Publishing publishing;

  @Mixin HelpOption help;

  /** {@code --format}'s values: the names of the feed formats, in lower case. */
  static final class FormatConverter implements ITypeConverter<FeedFormat> {
    @Override
    public FeedFormat convert(String value) {
      return FeedFormat.parse(value)
          .orElseThrow(
              () ->
                  new TypeConversionException(
                      "unknown value '" + value + "'; allowed: native, reso"));
    }
  }

  @Override
  public String errorPrefix() {
    return "keybox index";
  }

  @Override
  public Optional<String> specific(ParameterException e) {
    if (e instanceof MutuallyExclusiveArgsException) {
      return Optional.of(
          "--force: a full run's option; an incremental run only adds, replaces and removes what"
              + " its dumps name, and refuses only a dump none of whose records could be used");
    }
    return Optional.empty();
  }

  @Override
  public void check() {
    vendorOptions.layout();
    if (mediaDump != null && format != FeedFormat.RESO) {
      throw usage("--media-dump: RESO Media records join RESO listings; add --format reso");
    }
  }

  @Override
  public Integer call() {
    IndexRun.quietLucene();
    check();
    vendorOptions.requireDirectory();
    VendorLayout layout = vendorOptions.layout();
    FeedDumps dumps =
        new FeedDumps(
            readable("--listings", listings),
            Optional.ofNullable(openHouses).map(f -> readable("--openhouses", f)),
            Optional.ofNullable(agents).map(f -> readable("--agents", f)),
            Optional.ofNullable(mediaDump).map(f -> readable("--media-dump", f)));
    new IndexRun(
            "keybox index",
            mode.incremental,
            mode.force,
            run.threads,
            run.quiet,
            media,
            MediaMirror.FreshUrls.NONE)
        .run(layout, dumps, format, keybox.console());
    publishing.afterCommit("keybox index", layout.dataDir(), layout.vendor(), keybox.console());
    return 0;
  }

  private Path readable(String option, Path file) {
    if (!Files.isReadable(file)) {
      throw usage(option + ": cannot read '" + file + "'");
    }
    return file;
  }

  private ParameterException usage(String problem) {
    return new ParameterException(spec.commandLine(), problem);
  }
}
