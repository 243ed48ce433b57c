package io.keybox.app;

import io.keybox.indexer.pull.fixture.ResoRecords;
import io.keybox.indexer.pull.fixture.ResoWebApiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A manual measurement, not a test: {@code keybox pull} of N records (default 50,000) from {@link
 * ResoWebApiServer} on loopback, in full, without a request-rate cap worth the name; prints the
 * pull's own summary lines (records/s of the pull, then the index run's time). The third argument
 * is the paging mode: {@code odata} (default: a standards server, {@code Prefer: odata.maxpagesize}
 * and keyset nextLinks) or {@code top} (a server that pages by {@code $top}, pulled with {@code
 * --paging top}). Run from the repository root after {@code ./mvnw -o -pl app -am test-compile} and
 * {@code ./mvnw -o -pl app dependency:build-classpath -Dmdep.outputFile=cp.txt
 * -Dmdep.includeScope=test}:
 *
 * <pre>
 * java -cp "app/target/test-classes:app/target/classes:$(cat cp.txt)" io.keybox.app.PullBench 50000 1000 odata
 * </pre>
 */
public final class PullBench {
  private PullBench() {}

  public static void main(String[] args) throws Exception {
    int listings = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
    int pageSize = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    String paging = args.length > 2 ? args[2] : "odata";
    Instant t0 = Instant.parse("2026-11-20T08:00:00Z");
    Path dir = Files.createTempDirectory("keybox-pull-bench");
    try (ResoWebApiServer mls = new ResoWebApiServer()) {
      mls.paging(
          paging.equals("top")
              ? ResoWebApiServer.Paging.TOP_IS_PAGE_SIZE
              : ResoWebApiServer.Paging.STANDARD);
      for (int i = 0; i < listings; i++) {
        mls.put("Property", ResoRecords.property(7, i, t0.plusSeconds(i)));
      }
      for (int i = 0; i < listings / 10; i++) {
        mls.put("OpenHouse", ResoRecords.openHouse(i, t0));
      }
      ResoRecords.members(t0).forEach(m -> mls.put("Member", m));
      Path secret = Files.writeString(dir.resolve("secret"), ResoWebApiServer.CLIENT_SECRET);
      List<String> options = new ArrayList<>(PullArguments.clientCredentials(mls, secret));
      options.addAll(
          List.of(
              "--page-size", String.valueOf(pageSize), "--max-rps", "1000", "--paging", paging));
      List<String> arguments = PullArguments.of(dir.resolve("data"), "bench", mls, options);
      Console console = Console.system();
      int code =
          Keybox.run(
              new Console(console.in(), console.out(), console.err(), Map.of()),
              Stream.concat(Stream.of("pull"), arguments.stream()).toArray(String[]::new));
      System.out.println("exit code " + code + ", data in " + dir);
    }
  }
}
