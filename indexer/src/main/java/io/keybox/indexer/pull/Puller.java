package io.keybox.indexer.pull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.progress.Progress;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Reads the resources of a {@link PullPlan} page by page, following {@code @odata.nextLink} to the
 * end, and stages each resource's records as a gzip NDJSON dump ({@code Property.ndjson.gz} ...):
 * each page one gzip member, appended and forced to disk before a {@link PullCheckpoint} records
 * it, so an interrupted pull resumes at the page it did not finish. A page streams from the socket
 * through Jackson's parser into its compressed member, one record at a time.
 *
 * <p>The first page of each resource asks {@code $count=true}. When the server reports a count, the
 * pull checks at the end that it received as many distinct records (by the resource's key): a
 * shortfall that records leaving the filter meanwhile do not explain (the count asked again at the
 * end) stops the pull with a {@link PullException}, and nothing is handed on.
 *
 * <p>The listings' photos come with them ({@code $expand=Media}) or, from a server that cannot
 * expand them ({@link #mediaSource}), as the Media resource: read like the others, and in an
 * incremental pull completed per listing ({@code ListingMediaRead}), staged for the builder's join.
 *
 * <pre>
 * PullResult pulled = new Puller(http, mapper, progress, clock, warnings::add)
 *     .pull(plan, layout.vendorDir().resolve("pull"));
 * </pre>
 */
public final class Puller {
  /** How old a checkpoint may be and still be resumed: older staged pages are pulled again. */
  static final Duration RESUMABLE_FOR = Duration.ofHours(24);

  private final ResoHttp http;
  private final ObjectMapper mapper;
  private final Progress progress;
  private final Clock clock;
  private final Consumer<String> warnings;
  private long keyless;

  /**
   * @param warnings receives each warning as one line without prefix (a count the server did not
   *     give, a page that looks like a total in {@code top} mode)
   */
  public Puller(
      ResoHttp http,
      ObjectMapper mapper,
      Progress progress,
      Clock clock,
      Consumer<String> warnings) {
    this.http = http;
    this.mapper = mapper;
    this.progress = progress;
    this.clock = clock;
    this.warnings = warnings;
  }

  /** A Property entity type with a Media navigation property, in an OData CSDL document. */
  private static final java.util.regex.Pattern PROPERTY_WITH_MEDIA =
      java.util.regex.Pattern.compile(
          "<EntityType\\s+Name=\"Property\"(?:(?!</EntityType>).)*"
              + "<NavigationProperty\\s+Name=\"Media\"",
          java.util.regex.Pattern.DOTALL);

  /** A Media entity type or entity set, in an OData CSDL document. */
  private static final java.util.regex.Pattern MEDIA_RESOURCE =
      java.util.regex.Pattern.compile("<Entity(?:Type|Set)\\s+Name=\"Media\"");

  /**
   * Where the server's {@code $metadata} says a Property's photos are: an expandable {@code Media}
   * navigation property, else a {@code Media} resource; when it names neither, or cannot be read, a
   * warning says so and the listings are pulled without photos.
   *
   * @throws PullException when the server refused the credentials: the pull stops here
   */
  public MediaSource mediaSource(URI serviceRoot) throws PullException, InterruptedException {
    String root = serviceRoot.toString();
    URI metadata = URI.create((root.endsWith("/") ? root : root + "/") + "$metadata");
    try {
      String csdl =
          http.get(
              metadata,
              java.util.Map.of("Accept", "application/xml"),
              body -> new String(body.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
      if (PROPERTY_WITH_MEDIA.matcher(csdl).find()) {
        return MediaSource.EXPAND;
      }
      if (MEDIA_RESOURCE.matcher(csdl).find()) {
        warnings.accept(
            metadata
                + " names no Media of Property: photos are read from the Media resource and"
                + " joined by ResourceRecordKey");
        return MediaSource.RESOURCE;
      }
      warnings.accept(
          metadata
              + " names neither Property's Media nor a Media resource: listings are pulled"
              + " without photos");
      return MediaSource.NONE;
    } catch (IOException e) {
      if (e instanceof PullException refused && refused.credentials()) {
        throw refused; // the pull would stop at its first page all the same: say it once
      }
      warnings.accept(
          "could not read "
              + metadata
              + " ("
              + e.getMessage()
              + "): listings are pulled without photos");
      return MediaSource.NONE;
    }
  }

  /**
   * The photo URL the server gives now for {@code mediaKey} of listing {@code listingKey}, read
   * from {@code source}: the listing's Property record with {@code $expand=Media}, or the Media
   * record itself: for a signed URL that expired before the mirror reached it. Empty when the
   * listing or the photo is gone, or the server cannot tell.
   */
  public Optional<String> freshMediaUrl(
      URI serviceRoot, MediaSource source, String listingKey, String mediaKey)
      throws InterruptedException {
    String root = serviceRoot.toString().replaceAll("/+$", "");
    boolean resource = source == MediaSource.RESOURCE;
    String filter =
        resource
            ? "MediaKey eq '" + mediaKey.replace("'", "''") + "'"
            : "ListingKey eq '" + listingKey.replace("'", "''") + "'";
    URI uri =
        URI.create(
            root
                + (resource ? "/Media?$filter=" : "/Property?$filter=")
                + java.net.URLEncoder.encode(filter, java.nio.charset.StandardCharsets.UTF_8)
                    .replace("+", "%20")
                + (resource ? "" : "&$expand=Media"));
    try {
      for (JsonNode record : http.get(uri).path("value")) {
        Iterable<JsonNode> items = resource ? List.of(record) : record.path("Media");
        for (JsonNode media : items) {
          if (mediaKey.equals(media.path("MediaKey").asText(null))
              && media.path("MediaURL").isTextual()) {
            return Optional.of(media.get("MediaURL").asText());
          }
        }
      }
    } catch (IOException e) {
      warnings.accept("could not read listing " + listingKey + "'s Media again: " + e.getMessage());
    }
    return Optional.empty();
  }

  /** One page as read: its records' compressed bytes and what the pull needs to know of it. */
  record Page(
      byte[] member,
      long records,
      Set<Long> keys,
      Optional<Instant> newest,
      Optional<String> nextLink,
      long count) {}

  /**
   * Pulls every resource of {@code plan} into {@code staging}, resuming an interrupted pull of the
   * same plan from its checkpoint.
   *
   * @throws PullException when a request fails for good, or the server holds more records than it
   *     sent (the checkpoint is then deleted: the next pull starts over)
   * @throws IOException when the staging folder cannot be written
   */
  public PullResult pull(PullPlan plan, Path staging) throws IOException, InterruptedException {
    PullCheckpoint checkpoint = resumable(plan, staging).orElse(null);
    long resumedPages = 0;
    if (checkpoint == null) {
      empty(staging);
      checkpoint = new PullCheckpoint(plan.fingerprint(), clock.instant(), Map.of());
    } else {
      resumedPages = checkpoint.resources().values().stream().mapToLong(s -> s.pages()).sum();
    }
    Map<Resource, Path> files = new EnumMap<>(Resource.class);
    for (Resource resource : plan.resources()) {
      Set<Long> keys = new HashSet<>();
      checkpoint = pull(plan, resource, staging, checkpoint, keys);
      try {
        check(plan, resource, checkpoint.resources().get(resource), keys.size());
      } catch (PullException shortfall) {
        PullCheckpoint.delete(staging); // what was staged is short: the next pull starts over
        throw shortfall;
      }
      files.put(resource, staging.resolve(resource.dumpFileName()));
    }
    long listingsForPhotos = 0;
    if (plan.incremental() && files.containsKey(Resource.MEDIA)) {
      // The photos that changed are of some listings; each listing's whole Media list is read
      // again (the index replaces a listing's photos with it), and so are the listings whose
      // photos alone changed.
      ListingMediaRead read =
          new ListingMediaRead(
              plan,
              mapper,
              (uri, resource) -> http.get(uri, plan.pageHeaders(), body -> page(body, resource)),
              progress);
      listingsForPhotos =
          read.complete(files.get(Resource.PROPERTY), files.get(Resource.MEDIA), staging);
      files.put(Resource.MEDIA, staging.resolve(ListingMediaRead.FILE));
    }
    PullCheckpoint.delete(staging);
    Map<Resource, Long> records = new EnumMap<>(Resource.class);
    Map<Resource, Instant> newest = new EnumMap<>(Resource.class);
    long pages = 0;
    long bytes = 0;
    for (Map.Entry<Resource, PullCheckpoint.Staged> e : checkpoint.resources().entrySet()) {
      records.put(
          e.getKey(),
          e.getValue().records() + (e.getKey() == Resource.PROPERTY ? listingsForPhotos : 0));
      e.getValue().newest().ifPresent(n -> newest.put(e.getKey(), n));
      pages += e.getValue().pages();
      bytes += e.getValue().bytes();
    }
    return new PullResult(
        new FeedDumps(
            files.get(Resource.PROPERTY),
            Optional.ofNullable(files.get(Resource.OPEN_HOUSE)),
            Optional.ofNullable(files.get(Resource.MEMBER)),
            Optional.ofNullable(files.get(Resource.MEDIA))),
        records,
        newest,
        pages,
        bytes,
        checkpoint.startedAt(),
        resumedPages);
  }

  /**
   * Stages {@code resource} to its end, from its checkpoint when it has one; {@code keys} receives
   * a hash of every distinct record key (records without a key each get a distinct negative
   * number), for the completeness check.
   */
  private PullCheckpoint pull(
      PullPlan plan, Resource resource, Path staging, PullCheckpoint checkpoint, Set<Long> keys)
      throws IOException, InterruptedException {
    Path file = staging.resolve(resource.dumpFileName());
    PullCheckpoint.Staged staged = checkpoint.resources().get(resource);
    if (staged == null) {
      Files.deleteIfExists(file);
      Files.createFile(file);
      staged = new PullCheckpoint.Staged(Optional.empty(), 0, 0, 0, -1, Optional.empty());
    } else {
      restage(file, staged.bytes(), resource, keys);
      progress.records(staged.records());
      if (staged.count() >= 0) {
        progress.totalRecords(staged.count());
      }
    }
    if (!staged.done()) {
      try (FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE)) {
        URI next = staged.next().map(URI::create).orElse(null);
        boolean askCount = next == null;
        if (next == null) {
          next = plan.firstPage(resource);
        }
        long lastPageRecords = 0;
        while (next != null) {
          Page page;
          try {
            page = http.get(next, plan.pageHeaders(), body -> page(body, resource));
          } catch (PullException e) {
            if (!askCount || e.status() != 400) {
              throw e;
            }
            // Some servers refuse $count: pull without it, and say completeness is unchecked.
            warnings.accept(
                resource
                    + ": the server refused $count=true ("
                    + e.getMessage()
                    + "); pulling"
                    + " without it");
            next = plan.firstPage(resource, false);
            askCount = false;
            continue;
          }
          askCount = false;
          out.position(staged.bytes());
          ByteBuffer bytes = ByteBuffer.wrap(page.member());
          while (bytes.hasRemaining()) {
            out.write(bytes);
          }
          out.force(false);
          keys.addAll(page.keys());
          long count = staged.pages() == 0 ? page.count() : staged.count();
          if (staged.pages() == 0 && count >= 0) {
            progress.totalRecords(count);
          }
          Optional<String> nextLink = page.nextLink();
          URI following;
          try {
            following = nextLink.map(plan::resolve).orElse(null);
          } catch (IllegalArgumentException e) {
            throw new PullException("GET " + next + " returned a malformed @odata.nextLink");
          }
          staged =
              new PullCheckpoint.Staged(
                  Optional.ofNullable(following).map(URI::toString),
                  staged.bytes() + page.member().length,
                  staged.records() + page.records(),
                  staged.pages() + 1,
                  count,
                  later(staged.newest(), page.newest()));
          checkpoint = checkpoint.with(resource, staged);
          checkpoint.save(staging, mapper);
          progress.records(page.records());
          lastPageRecords = page.records();
          next = following;
        }
        if (plan.paging() == Paging.TOP && lastPageRecords == plan.pageSize()) {
          warnings.accept(
              resource
                  + ": the last page held exactly "
                  + plan.pageSize()
                  + " records (--page-size) and no @odata.nextLink; if the server reads $top as"
                  + " the total, pull with --paging odata");
        }
      }
    }
    return checkpoint;
  }

  /** Stops the pull when the server reported more records than it sent. */
  private void check(PullPlan plan, Resource resource, PullCheckpoint.Staged staged, long distinct)
      throws IOException, InterruptedException {
    if (staged.count() < 0) {
      warnings.accept(
          resource
              + ": the server reported no @odata.count; completeness could not be checked ("
              + staged.records()
              + " records received)");
      return;
    }
    if (distinct >= staged.count()) {
      return;
    }
    // Records deleted or leaving the filter while the pull ran explain a shortfall: ask again.
    long now = countNow(plan, resource);
    long expected = now < 0 ? staged.count() : Math.min(staged.count(), now);
    if (distinct < expected) {
      throw new PullException(
          resource
              + ": the server reported "
              + staged.count()
              + " records (@odata.count) but the pull received "
              + distinct
              + (plan.paging() == Paging.TOP
                  ? "; if the server reads $top as the total, pull with --paging odata"
                  : ""));
    }
  }

  private long countNow(PullPlan plan, Resource resource) throws InterruptedException {
    try {
      JsonNode answer = http.get(plan.countOnly(resource));
      JsonNode count = answer.get("@odata.count");
      return count != null && count.canConvertToLong() ? count.asLong() : -1;
    } catch (IOException e) {
      return -1;
    }
  }

  /** Parses one page from the socket into a gzip member, a record at a time. */
  Page page(InputStream body, Resource resource) throws IOException {
    ByteArrayOutputStream member = new ByteArrayOutputStream(1 << 16);
    Set<Long> keys = new HashSet<>();
    long records = 0;
    Instant newest = null;
    String nextLink = null;
    long count = -1;
    boolean sawValue = false;
    try (JsonParser parser = mapper.getFactory().createParser(body);
        OutputStream gzip = new GZIPOutputStream(member, 1 << 16)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new com.fasterxml.jackson.core.JsonParseException(parser, "expected a JSON object");
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken token = parser.nextToken();
        switch (field) {
          case "value" -> {
            if (token != JsonToken.START_ARRAY) {
              throw new com.fasterxml.jackson.core.JsonParseException(
                  parser, "\"value\" is not an array");
            }
            sawValue = true;
            while (parser.nextToken() == JsonToken.START_OBJECT) {
              JsonNode record = mapper.readTree(parser);
              gzip.write(mapper.writeValueAsBytes(record));
              gzip.write('\n');
              records++;
              keys.add(key(record, resource));
              newest = later(newest, modified(record, resource));
            }
          }
          case "@odata.nextLink" ->
              nextLink = token == JsonToken.VALUE_STRING ? parser.getText() : null;
          case "@odata.count" -> count = token.isNumeric() ? parser.getLongValue() : -1;
          default -> parser.skipChildren();
        }
      }
    }
    if (!sawValue) {
      throw new com.fasterxml.jackson.core.JsonParseException(null, "no OData \"value\" array");
    }
    return new Page(
        member.toByteArray(),
        records,
        keys,
        Optional.ofNullable(newest),
        Optional.ofNullable(nextLink).filter(l -> !l.isBlank()),
        count);
  }

  /**
   * Cuts {@code file} back to the last whole page and reads the keys staged before it, so a resumed
   * pull counts distinct records across both runs.
   */
  private void restage(Path file, long length, Resource resource, Set<Long> keys)
      throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(length);
      channel.force(false);
    }
    if (length == 0) {
      return;
    }
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16);
        var lines =
            new java.io.BufferedReader(
                new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        keys.add(key(mapper.readTree(line), resource));
      }
    }
  }

  /**
   * The number a record is counted by: a 64-bit FNV-1a hash of its key (distinct keys are counted
   * without keeping the strings), or, for a record without a key, a number of its own.
   */
  private long key(JsonNode record, Resource resource) {
    String key = text(record, resource.keyField());
    return key == null ? --keyless : hash(key);
  }

  private Optional<PullCheckpoint> resumable(PullPlan plan, Path staging) {
    return PullCheckpoint.load(staging, mapper)
        .filter(c -> c.plan().equals(plan.fingerprint()))
        .filter(c -> c.startedAt().plus(RESUMABLE_FOR).isAfter(clock.instant()))
        .filter(
            c ->
                c.resources().entrySet().stream()
                    .allMatch(
                        e ->
                            Files.isRegularFile(staging.resolve(e.getKey().dumpFileName()))
                                && sizeAtLeast(
                                    staging.resolve(e.getKey().dumpFileName()),
                                    e.getValue().bytes())));
  }

  private static boolean sizeAtLeast(Path file, long bytes) {
    try {
      return Files.size(file) >= bytes;
    } catch (IOException e) {
      return false;
    }
  }

  private static long hash(String key) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < key.length(); i++) {
      h ^= key.charAt(i);
      h *= 0x100000001b3L;
    }
    return h;
  }

  private static String text(JsonNode record, String field) {
    JsonNode value = record.get(field);
    if (value == null || value.isNull() || value.isContainerNode()) {
      return null;
    }
    String text = value.asText().strip();
    return text.isEmpty() ? null : text;
  }

  private static Instant modified(JsonNode record, Resource resource) {
    JsonNode value = record.get(resource.timestampField());
    if (value == null || !value.isTextual()) {
      return null;
    }
    try {
      return OffsetDateTime.parse(value.asText()).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static Instant later(Instant a, Instant b) {
    return a == null ? b : b == null || a.isAfter(b) ? a : b;
  }

  private static Optional<Instant> later(Optional<Instant> a, Optional<Instant> b) {
    return Optional.ofNullable(later(a.orElse(null), b.orElse(null)));
  }

  private static void empty(Path staging) throws IOException {
    if (Files.isDirectory(staging)) {
      try (Stream<Path> paths = Files.walk(staging)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          if (!path.equals(staging)) {
            Files.delete(path);
          }
        }
      }
    }
    Files.createDirectories(staging);
  }
}
