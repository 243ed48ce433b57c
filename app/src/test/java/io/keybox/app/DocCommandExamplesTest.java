package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.keybox.server.DocExamples;
import io.keybox.server.DocExamples.Example;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/**
 * Every {@code ./run.sh} command line in the docs (README.md, docs/api.md, docs/operations.md:
 * commands, cron lines, the systemd unit) is accepted by the {@code keybox} command's own argument
 * checks, so the docs cannot name an option that does not exist or combine options the command
 * refuses. The curl examples are run by the server's {@code http.DocExamplesHttpTest}.
 */
class DocCommandExamplesTest {
  @Test
  void everyRunShCommandLineInTheDocsParses() {
    List<Example> examples = DocExamples.runSh();
    Map<String, Integer> perDocument = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Example example : examples) {
      perDocument.merge(example.document(), 1, Integer::sum);
      List<String> words = example.words();
      String command = words.size() > 1 ? words.get(1) : "";
      String[] rest =
          words.size() > 2 ? words.subList(2, words.size()).toArray(String[]::new) : new String[0];
      try {
        switch (command) {
          case "", "help", "test", "dist", "image", "version" -> {} // test: Maven arguments
          case "--port" -> check("demo", words.subList(1, words.size()).toArray(String[]::new));
          case "index", "pull", "serve", "generate", "publish" -> check(command, rest);
          case "keys" -> {
            Commands.Result run =
                Commands.run(
                    "a-doc-example-secret\n".getBytes(StandardCharsets.UTF_8),
                    Map.of(),
                    "keys",
                    rest);
            if (run.code() != 0) {
              problems.add(example + " → " + run.err().strip());
            }
          }
          default -> problems.add(example + " → unknown command '" + command + "'");
        }
      } catch (ParameterException | IllegalArgumentException e) {
        problems.add(example + " → " + e.getMessage());
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(perDocument.getOrDefault("README.md", 0) >= 2, "README examples: " + perDocument);
    assertTrue(
        perDocument.getOrDefault("docs/operations.md", 0) >= 10,
        "operations examples: " + perDocument);
  }

  @Test
  void theChecksRefuseWhatRunWouldRefuse() {
    // The check above means something only if these refuse bad command lines.
    for (Runnable bad :
        List.<Runnable>of(
            () -> refused(() -> check("index", "--data-dir", "d")),
            () ->
                refused(
                    () ->
                        check(
                            "index",
                            "--data-dir",
                            "d",
                            "--vendor",
                            "v",
                            "--listings",
                            "l",
                            "--format",
                            "x")),
            () -> refused(() -> check("serve", "--data-dir", "d", "--tls")),
            () -> refused(() -> check("serve", "--data-dir", "d", "--host", "0.0.0.0")),
            () -> refused(() -> check("generate", "--out", "o")))) {
      bad.run();
    }
  }

  /** Checks {@code keybox COMMAND ARGS} as the command would, without running it. */
  private static void check(String command, String... args) {
    List<String> all = new ArrayList<>(List.of(command));
    all.addAll(List.of(args));
    Keybox.check(all.toArray(String[]::new));
  }

  private interface Check {
    void run() throws Exception;
  }

  private static void refused(Check check) {
    try {
      check.run();
      fail("accepted");
    } catch (ParameterException | IllegalArgumentException e) {
      // refused, as it should be
    } catch (Exception e) {
      fail(e);
    }
  }
}
