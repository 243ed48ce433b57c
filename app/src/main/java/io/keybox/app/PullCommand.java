package io.keybox.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.app.cli.Checked;
import io.keybox.app.cli.CommandFailure;
import io.keybox.app.cli.HelpOption;
import io.keybox.app.cli.HttpUrlConverter;
import io.keybox.app.cli.IoReason;
import io.keybox.app.cli.Range;
import io.keybox.app.cli.Wording;
import io.keybox.indexer.build.VendorLayout;
import io.keybox.indexer.feed.FeedFormat;
import io.keybox.indexer.media.MediaMode;
import io.keybox.indexer.progress.Progress;
import io.keybox.indexer.pull.Credentials;
import io.keybox.indexer.pull.MediaSource;
import io.keybox.indexer.pull.Paging;
import io.keybox.indexer.pull.PullException;
import io.keybox.indexer.pull.PullPlan;
import io.keybox.indexer.pull.PullResult;
import io.keybox.indexer.pull.Puller;
import io.keybox.indexer.pull.ResoHttp;
import io.keybox.indexer.pull.ResoHttp.Pause;
import io.keybox.indexer.pull.Resource;
import io.keybox.indexer.pull.VendorPull;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.MaxValuesExceededException;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.MutuallyExclusiveArgsException;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code keybox pull}: replicates a vendor's listings, open houses and agents from an MLS's RESO
 * Web API into gzip NDJSON dumps ({@code DIR/<vendor>/pull/}), indexes them as {@code keybox index
 * --format reso} would (every guard of a normal run, through {@link IndexRun}), and only once that
 * run published records the high-water ModificationTimestamp in {@code
 * DIR/<vendor>/pull-state.json}. An interrupted or failed pull changes neither the index nor the
 * state; the next run starts over. Secrets come only from files or environment variables.
 *
 * <p>Exit codes: 0 published (or nothing changed), 1 bad input (arguments, credentials the MLS
 * refused, a refused dump), 2 I/O failure (an HTTP error, the MLS unreachable).
 */
@Command(
    name = "pull",
    customSynopsis = {
      "./run.sh pull --data-dir DIR --vendor NAME --url SERVICE_ROOT",
      "              [--token-url URL --client-id ID --client-secret-file FILE [--scope SCOPE]"
          + " | --bearer-token-file FILE]",
      "              [--full | --incremental] [--resources Property,OpenHouse,Member]"
          + " [--filter ODATA]",
      "              [--page-size N] [--paging odata|top] [--max-rps R] [--retries N] [--quiet]",
      "              [--publish-to STORE_URL]"
    },
    descriptionHeading = "%n",
    description = {
      "Pulls the vendor's records from an MLS's RESO Web API (OData): in full, or incrementally",
      "(per resource, ModificationTimestamp after the last published pull's mark, less a minute),",
      "following @odata.nextLink; checks it received every record the server counts",
      "(@odata.count), else publishes nothing; writes them to DIR/NAME/pull/ (an interrupted pull",
      "resumes at the page it did not finish) and indexes them with every guard of keybox index",
      "--format reso. Without --full or --incremental: incremental once a pull has published",
      "(DIR/NAME/pull-state.json). Deletes arrive as StandardStatus Delete or",
      "MlgCanView false. Photos (unless --media off): asked with $expand=Media where $metadata",
      "advertises Property's Media, else read from the Media resource (ResourceName eq",
      "'Property', incrementally by MediaModificationTimestamp) and joined by ResourceRecordKey.",
      "The client secret or bearer token is read from the named file, or from",
      "KEYBOX_CLIENT_SECRET or KEYBOX_BEARER_TOKEN; never from the command line."
    },
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExamples:%n",
    footer = {
      "  ./run.sh pull --data-dir data/index --vendor mred --url https://api.mlsgrid.com/v2 \\",
      "      --bearer-token-file /etc/keybox/mlsgrid.token \\",
      "      --filter \"OriginatingSystemName eq 'mred'\" --paging top",
      "  ./run.sh pull --data-dir data/index --vendor acme --url https://api-trestle.corelogic.com"
          + "/trestle/odata \\",
      "      --token-url https://api-trestle.corelogic.com/trestle/oidc/connect/token \\",
      "      --client-id acme --client-secret-file /etc/keybox/trestle.secret --scope api --full"
    })
final class PullCommand implements Callable<Integer>, Checked, Wording {
  /** The environment variable holding the OAuth2 client secret when no file is named. */
  static final String CLIENT_SECRET_ENV = "KEYBOX_CLIENT_SECRET";

  /** The environment variable holding the bearer token when no file is named. */
  static final String BEARER_TOKEN_ENV = "KEYBOX_BEARER_TOKEN";

  @Spec CommandSpec spec;

  @ParentCommand Keybox keybox;

  @Mixin VendorOptions vendorOptions;

  @Option(
      names = "--url",
      paramLabel = "SERVICE_ROOT",
      required = true,
      converter = HttpUrlConverter.class,
      description = "the RESO Web API's OData service root, http or https (required)")
  URI url;

  @ArgGroup(exclusive = true)
  Login login;

  /** How the puller logs in: OAuth2 client credentials, or a bearer token; not both. */
  static final class Login {
    @ArgGroup(exclusive = false)
    Client client;

    @Option(
        names = "--bearer-token-file",
        paramLabel = "FILE",
        description =
            "file holding a bearer token, instead of client credentials (default: the environment"
                + " variable "
                + BEARER_TOKEN_ENV
                + ")")
    Path bearerTokenFile;
  }

  /** OAuth2 client credentials: the token endpoint and the client id go together. */
  static final class Client {
    @Option(
        names = "--token-url",
        paramLabel = "URL",
        required = true,
        converter = HttpUrlConverter.class,
        description = "OAuth2 token endpoint for client credentials (default: none)")
    URI tokenUrl;

    @Option(
        names = "--client-id",
        paramLabel = "ID",
        required = true,
        description = "OAuth2 client id, with --token-url (default: none)")
    String clientId;

    @Option(
        names = "--scope",
        paramLabel = "SCOPE",
        description =
            "OAuth2 scope to ask the token endpoint for, e.g. api for Trestle (default: none)")
    String scope;

    @Option(
        names = "--client-secret-file",
        paramLabel = "FILE",
        description =
            "file holding the OAuth2 client secret (default: the environment variable "
                + CLIENT_SECRET_ENV
                + ")")
    Path clientSecretFile;
  }

  @ArgGroup(exclusive = true)
  Mode mode = new Mode();

  /** Full or incremental; neither: incremental once a pull has published. */
  static final class Mode {
    @Option(
        names = "--full",
        description = "pull every record and rebuild the vendor's state (default: see above)")
    boolean full;

    @Option(
        names = "--incremental",
        description =
            "pull what changed since the last published pull and apply it as upserts and"
                + " deletes (default: when DIR/NAME/pull-state.json exists)")
    boolean incremental;
  }

  @Option(
      names = "--resources",
      paramLabel = "LIST",
      split = ",",
      defaultValue = "Property,OpenHouse,Member",
      description = "the RESO resources to pull, Property among them (default: ${DEFAULT-VALUE})")
  List<String> resources;

  @Option(
      names = "--filter",
      paramLabel = "ODATA",
      description =
          "an OData filter ANDed into every request, e.g. \"OriginatingSystemName eq 'mred'\""
              + " (default: none)")
  String filter;

  @Option(
      names = "--page-size",
      paramLabel = "N",
      defaultValue = "1000",
      description =
          "records per page: Prefer: odata.maxpagesize, or $top with --paging top (default:"
              + " ${DEFAULT-VALUE})")
  @Range(min = 1, max = 100_000)
  int pageSize;

  @Option(
      names = "--paging",
      paramLabel = "MODE",
      defaultValue = "odata",
      converter = PagingConverter.class,
      description =
          "odata: the page size as Prefer: odata.maxpagesize, pages by @odata.nextLink (OData's"
              + " paging); top: $top as the page size, for providers whose docs say so, such as"
              + " MLS Grid (default: ${DEFAULT-VALUE})")
  Paging paging;

  @Option(
      names = "--retries",
      paramLabel = "N",
      defaultValue = "" + ResoHttp.DEFAULT_RETRIES,
      description =
          "waits (with backoff, or the server's Retry-After) for one request that answers 429,"
              + " 500, 502, 503 or 504 or whose connection fails, before the pull stops (default:"
              + " ${DEFAULT-VALUE})")
  @Range(min = 0, max = 20)
  int retries;

  /** {@code odata} or {@code top}, case-insensitively; any other value names both. */
  static final class PagingConverter implements picocli.CommandLine.ITypeConverter<Paging> {
    @Override
    public Paging convert(String value) {
      for (Paging paging : Paging.values()) {
        if (paging.optionValue().equalsIgnoreCase(value.strip())) {
          return paging;
        }
      }
      throw new picocli.CommandLine.TypeConversionException(
          "expected odata or top (got: '" + value + "')");
    }
  }

  @Option(
      names = "--max-rps",
      paramLabel = "R",
      defaultValue = "2",
      description =
          "the most requests per second, MLS Grid's published limit by default (default:"
              + " ${DEFAULT-VALUE})")
  double maxRps;

  @Mixin IndexRunOptions run;

  @Mixin MediaOptions media;

  @Mixin Publishing publishing;

  @Mixin HelpOption help;

  @Override
  public String errorPrefix() {
    return "keybox pull";
  }

  @Override
  public Optional<String> specific(ParameterException e) {
    // picocli's words for the groups name their whole synopsis; these name the options.
    String message = e.getMessage();
    if ((e instanceof MutuallyExclusiveArgsException || e instanceof MaxValuesExceededException)
        && message.contains("--bearer-token-file")) {
      return Optional.of("--bearer-token-file: give it or --token-url with --client-id, not both");
    }
    if (e instanceof MutuallyExclusiveArgsException) {
      return Optional.of("--full and --incremental: give one, or neither to let the state decide");
    }
    if (e instanceof MissingParameterException
        && message.startsWith("Error: Missing required argument")) {
      if (message.contains("--token-url")) {
        return Optional.of(
            "--client-id, --client-secret-file and --scope: need --token-url (the OAuth2 token"
                + " endpoint)");
      }
      if (message.contains("--client-id")) {
        return Optional.of("--token-url: needs --client-id");
      }
    }
    return Optional.empty();
  }

  @Override
  public void check() {
    vendorOptions.layout();
    if (!(maxRps > 0) || maxRps > 1000) {
      throw usage("--max-rps: must be above 0 and at most 1000 (got: " + maxRps + ")");
    }
    for (String resource : resources) {
      if (Resource.named(resource).filter(r -> r != Resource.MEDIA).isEmpty()) {
        throw usage(
            "--resources: unknown resource '" + resource + "'; allowed: " + Resource.names());
      }
    }
    if (resources.stream().noneMatch(r -> Resource.named(r).orElseThrow() == Resource.PROPERTY)) {
      throw usage("--resources: must include Property, the listings");
    }
  }

  @Override
  public Integer call() {
    IndexRun.quietLucene();
    check();
    Console console = keybox.console();
    VendorLayout layout = vendorOptions.layout();
    vendorOptions.requireDirectory();
    Credentials credentials = credentials(console);
    ObjectMapper mapper = new ObjectMapper();
    Clock clock = Clock.systemUTC();
    VendorPull vendorPull = new VendorPull(layout, mapper, clock);
    PullPlan plan;
    try {
      plan = vendorPull.plan(request());
    } catch (IllegalStateException e) {
      throw usage("--incremental: " + e.getMessage());
    } catch (IOException e) {
      throw CommandFailure.badInput(e.getMessage(), e);
    }
    Progress progress = IndexRun.progress("keybox pull", run.quiet, console);
    ResoHttp http =
        new ResoHttp(httpClient(), credentials, mapper, clock, Pause.REAL, maxRps, retries);
    Puller puller =
        new Puller(
            http,
            mapper,
            progress,
            clock,
            warning -> console.err().println("keybox pull: warning: " + warning));
    try {
      MediaSource photos = media.mode == MediaMode.OFF ? MediaSource.NONE : puller.mediaSource(url);
      plan =
          switch (photos) {
            case EXPAND -> plan.withExpandMedia(true);
            case RESOURCE -> plan.withMediaResource();
            case NONE -> plan;
          };
      vendorPull.run(
          plan,
          puller,
          (dumps, incremental) -> {
            progress.finish();
            new IndexRun(
                    "keybox pull",
                    incremental,
                    false,
                    run.threads,
                    run.quiet,
                    media,
                    task -> puller.freshMediaUrl(url, photos, task.listingKey(), task.mediaKey()))
                .run(layout, dumps, FeedFormat.RESO, console);
          },
          new Report(console, layout.vendor(), progress),
          () -> publishing.afterCommit("keybox pull", layout.dataDir(), layout.vendor(), console));
    } catch (PullException e) {
      String line = e.getMessage() + "; the index and the pull state are unchanged";
      throw e.credentials() ? CommandFailure.badInput(line, e) : CommandFailure.failure(line, e);
    } catch (CommandFailure e) {
      throw e;
    } catch (IOException e) {
      throw CommandFailure.failure(FailureAdvice.line(e, layout), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw CommandFailure.failure("interrupted; the index and the pull state are unchanged", e);
    } finally {
      progress.finish();
    }
    return 0;
  }

  private VendorPull.Request request() {
    return new VendorPull.Request(
        url,
        resources.stream().map(r -> Resource.named(r).orElseThrow()).toList(),
        Optional.ofNullable(filter).filter(f -> !f.isBlank()),
        pageSize,
        paging,
        mode.full
            ? VendorPull.Mode.FULL
            : mode.incremental ? VendorPull.Mode.INCREMENTAL : VendorPull.Mode.AUTO);
  }

  private static HttpClient httpClient() {
    return HttpClient.newBuilder()
        .connectTimeout(Duration.ofSeconds(30))
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();
  }

  /** The pull's summary line, or "nothing changed". */
  private record Report(Console console, String vendor, Progress progress)
      implements VendorPull.Listener {
    @Override
    public void pulled(PullPlan plan, PullResult pulled, Duration took) {
      progress.finish();
      double seconds = took.toNanos() / 1e9;
      console
          .out()
          .printf(
              Locale.ROOT,
              "keybox pull: vendor %s: %s pull of %s, %d pages%s, %.1f MB, %.1f s, %.0f records/s%n",
              vendor,
              plan.incremental() ? "incremental" : "full",
              counts(plan, pulled),
              pulled.pages(),
              pulled.resumedPages() > 0 ? " (" + pulled.resumedPages() + " resumed)" : "",
              pulled.bytes() / 1e6,
              seconds,
              pulled.total() / Math.max(seconds, 1e-9));
    }

    @Override
    public void nothingChanged() {
      console.out().println("keybox pull: vendor " + vendor + ": nothing changed");
    }

    private static String counts(PullPlan plan, PullResult pulled) {
      StringBuilder text = new StringBuilder();
      for (Resource resource : plan.resources()) {
        text.append(text.isEmpty() ? "" : ", ")
            .append(pulled.records().getOrDefault(resource, 0L))
            .append(' ')
            .append(resource);
      }
      return text.toString();
    }
  }

  private Credentials credentials(Console console) {
    Client client = login == null ? null : login.client;
    if (client != null) {
      String secret =
          secret("--client-secret-file", client.clientSecretFile, CLIENT_SECRET_ENV, console);
      return new Credentials.ClientCredentials(
          client.tokenUrl, client.clientId, secret, Optional.ofNullable(client.scope));
    }
    Path bearerTokenFile = login == null ? null : login.bearerTokenFile;
    if (bearerTokenFile == null && !console.env().containsKey(BEARER_TOKEN_ENV)) {
      throw usage(
          "credentials: give --token-url, --client-id and --client-secret-file (or "
              + CLIENT_SECRET_ENV
              + "), or --bearer-token-file (or "
              + BEARER_TOKEN_ENV
              + ")");
    }
    return new Credentials.BearerToken(
        secret("--bearer-token-file", bearerTokenFile, BEARER_TOKEN_ENV, console));
  }

  /** A secret from its file, else from its environment variable; never echoed. */
  private String secret(String option, Path file, String variable, Console console) {
    String value;
    if (file != null) {
      try {
        value = Files.readString(file, StandardCharsets.UTF_8).strip();
      } catch (IOException e) {
        throw usage(option + ": cannot read '" + file + "' (" + IoReason.of(e) + ")");
      }
      if (value.isEmpty()) {
        throw usage(option + ": '" + file + "' is empty");
      }
      return value;
    }
    value = console.env().getOrDefault(variable, "").strip();
    if (value.isEmpty()) {
      throw usage(option + ": give the file, or set " + variable);
    }
    return value;
  }

  private ParameterException usage(String problem) {
    return new ParameterException(spec.commandLine(), problem);
  }
}
