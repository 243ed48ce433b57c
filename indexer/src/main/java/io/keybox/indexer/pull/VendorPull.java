package io.keybox.indexer.pull;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.keybox.indexer.build.FeedDumps;
import io.keybox.indexer.build.VendorLayout;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One vendor's pull from start to publication, in the only order that loses nothing: plan (full or
 * incremental, from the published state) → pull (staged, checked against the server's counts) →
 * index (every guard of {@code keybox index}) → record the high-water marks → publish. A failure at
 * any step leaves the index and the state as they were, and the marks are recorded only after the
 * index published, so the next pull asks again for everything this one did not publish.
 *
 * <p>The marks cannot skip a record: each resource's is the newest ModificationTimestamp it
 * received, but never later than the moment the pull started; a record changed while the pull paged
 * (which may have moved behind the pages already read) is asked for again next time, and the index
 * keeps the latest copy of a repeat.
 *
 * <pre>
 * VendorPull vendor = new VendorPull(layout, mapper, Clock.systemUTC());
 * PullPlan plan = vendor.plan(request);
 * vendor.run(plan, new Puller(http, mapper, progress, clock, warn), indexRun, listener, publish);
 * </pre>
 */
public final class VendorPull {
  /** The state file's name in the vendor's folder. */
  public static final String STATE_FILE = "pull-state.json";

  /** Full, incremental, or incremental once a pull has published. */
  public enum Mode {
    FULL,
    INCREMENTAL,
    AUTO
  }

  /**
   * What the operator asked for.
   *
   * @param serviceRoot the OData service root
   * @param resources the resources, Property among them
   * @param filter an OData filter ANDed into every request, if any
   * @param pageSize records per page
   * @param paging how pages are asked for
   * @param mode full, incremental or automatic
   */
  public record Request(
      URI serviceRoot,
      List<Resource> resources,
      Optional<String> filter,
      int pageSize,
      Paging paging,
      Mode mode) {
    public Request {
      Objects.requireNonNull(serviceRoot, "serviceRoot");
      resources = List.copyOf(resources);
      Objects.requireNonNull(filter, "filter");
      Objects.requireNonNull(paging, "paging");
      Objects.requireNonNull(mode, "mode");
    }
  }

  /** Indexes the staged dumps, as {@code keybox index --format reso} does. */
  @FunctionalInterface
  public interface Indexing {
    void index(FeedDumps dumps, boolean incremental) throws IOException;
  }

  /** Publishes the vendor's new commit and state (to a store), when asked to. */
  @FunctionalInterface
  public interface Publication {
    void publish() throws IOException;
  }

  /** Hears each step's outcome, to report it. */
  public interface Listener {
    /** The pull is staged and complete; indexing comes next. */
    void pulled(PullPlan plan, PullResult result, Duration took);

    /** An incremental pull found no change: nothing is indexed, published or recorded. */
    void nothingChanged();
  }

  private final VendorLayout layout;
  private final ObjectMapper mapper;
  private final Clock clock;

  public VendorPull(VendorLayout layout, ObjectMapper mapper, Clock clock) {
    this.layout = Objects.requireNonNull(layout, "layout");
    this.mapper = Objects.requireNonNull(mapper, "mapper");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The vendor's state file. */
  public Path stateFile() {
    return layout.vendorDir().resolve(STATE_FILE);
  }

  /** The folder the pull stages its dumps in. */
  public Path staging() {
    return layout.vendorDir().resolve("pull");
  }

  /**
   * The plan for {@code request}: incremental from the published state's marks when asked, or when
   * {@link Mode#AUTO} finds a state; else full.
   *
   * @throws IOException when the state file exists but cannot be read (the message names it)
   * @throws IllegalStateException when {@link Mode#INCREMENTAL} is asked and no pull has published
   */
  public PullPlan plan(Request request) throws IOException {
    Optional<PullState> state = PullState.load(stateFile(), mapper);
    if (request.mode() == Mode.INCREMENTAL && state.isEmpty()) {
      throw new IllegalStateException(
          "no pull has published yet (" + stateFile() + " is missing); run a full pull first");
    }
    boolean incremental = request.mode() != Mode.FULL && state.isPresent();
    Map<Resource, Instant> since = new EnumMap<>(Resource.class);
    if (incremental) {
      for (Resource resource : request.resources()) {
        state.get().mark(resource).ifPresent(mark -> since.put(resource, mark));
      }
      // The Media resource is no choice of the request: its mark serves when the pull reads it.
      state.get().mark(Resource.MEDIA).ifPresent(mark -> since.put(Resource.MEDIA, mark));
    }
    return new PullPlan(
        request.serviceRoot(),
        request.resources(),
        request.filter(),
        request.pageSize(),
        request.paging(),
        incremental,
        since,
        PullPlan.isMlsGrid(request.serviceRoot()),
        false);
  }

  /**
   * Pulls, indexes, records the marks and publishes; returns the recorded state, or empty when an
   * incremental pull found nothing new.
   *
   * @throws PullException when the pull fails or comes up short (nothing changed)
   * @throws IOException when indexing, recording the state or publishing fails; each step after the
   *     index run leaves the published index serving
   */
  public Optional<PullState> run(
      PullPlan plan, Puller puller, Indexing indexing, Listener listener, Publication publication)
      throws IOException, InterruptedException {
    Optional<PullState> previous = PullState.load(stateFile(), mapper);
    Instant started = clock.instant();
    PullResult pulled = puller.pull(plan, staging());
    listener.pulled(plan, pulled, Duration.between(started, clock.instant()));
    if (plan.incremental() && pulled.total() == 0) {
      listener.nothingChanged();
      return Optional.empty();
    }
    indexing.index(pulled.dumps(), plan.incremental());
    PullState state = new PullState(marks(plan, pulled, previous), pulled.startedAt());
    try {
      state.save(stateFile(), mapper);
    } catch (IOException e) {
      throw new IOException(
          "the index is published, but "
              + stateFile()
              + " could not be written ("
              + e.getMessage()
              + "); the next pull starts from the previous state",
          e);
    }
    // After the state: a replica or a new indexer node restored from the store resumes from it.
    publication.publish();
    return Optional.of(state);
  }

  /**
   * The marks after {@code pulled} published: per pulled resource, its newest record, capped at the
   * pull's start; a resource that sent nothing keeps its mark (an incremental pull) or starts at
   * the pull's start (a full one: nothing older exists); resources not pulled keep theirs.
   */
  static Map<Resource, Instant> marks(
      PullPlan plan, PullResult pulled, Optional<PullState> previous) {
    Map<Resource, Instant> marks = new EnumMap<>(Resource.class);
    previous.ifPresent(p -> marks.putAll(p.marks()));
    Instant cap = pulled.startedAt();
    for (Resource resource : plan.resources()) {
      Instant newest = pulled.newest().get(resource);
      Instant before = plan.incremental() ? plan.since().get(resource) : null;
      Instant mark;
      if (newest != null) {
        mark = newest.isAfter(cap) ? cap : newest;
        if (before != null && before.isAfter(mark)) {
          mark = before; // the overlap re-read older records: the mark never goes back
        }
      } else {
        mark = before != null ? before : cap;
      }
      marks.put(resource, mark);
    }
    return marks;
  }
}
