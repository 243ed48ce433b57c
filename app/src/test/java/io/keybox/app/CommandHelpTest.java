package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command's {@code --help} lists each of its options with its default (or says it is
 * required) and shows an example; every command-line error names the option it is about.
 */
class CommandHelpTest {
  /**
   * One command: its name after {@code ./run.sh} (and {@code keybox}), and how its help's example
   * starts; empty for a command without options, whose help needs none.
   */
  record Command(String name, String example) {
    Command(String name) {
      this(name, "./run.sh " + name + " ");
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** What a run printed. */
  record Result(int code, String out, String err) {}

  static Stream<Command> commands() {
    return Stream.of(
        new Command("index"),
        new Command("pull"),
        new Command("serve"),
        new Command("keys"),
        new Command("generate"),
        new Command("publish"),
        new Command("demo", "keybox demo "),
        new Command("version", ""));
  }

  static Result run(Command command, String... args) {
    Commands.Result result = Commands.run(command.name(), args);
    return new Result(result.code(), result.out(), result.err());
  }

  private static final Pattern OPTION_LINE =
      Pattern.compile("^ {2,4}(--[a-z-]+|[A-Z]+)(?: ([A-Z]+|VALUE))?(?: |$)(.*)$");

  /**
   * The options of a help text: each line that starts (indented) with {@code --name} or an
   * upper-case argument name, with the more indented lines that continue its description.
   */
  static Map<String, String> options(String help) {
    Map<String, String> options = new LinkedHashMap<>();
    String current = null;
    boolean inOptions = false;
    for (String line : help.split("\n")) {
      if (line.matches("^(Options|Arguments and options):\\s*$")) {
        inOptions = true;
        continue;
      }
      if (!inOptions) {
        continue;
      }
      if (line.isBlank() || !line.startsWith(" ")) {
        if (!options.isEmpty()) {
          break;
        }
        continue;
      }
      Matcher m = OPTION_LINE.matcher(line);
      if (m.matches()) {
        current = m.group(1);
        options.put(current, m.group(3));
      } else if (current != null) {
        options.put(current, options.get(current) + " " + line.strip());
      }
    }
    return options;
  }

  @ParameterizedTest
  @MethodSource("commands")
  void helpListsEveryOptionWithItsDefaultAndAnExample(Command command) {
    Result result = run(command, "--help");
    assertEquals(0, result.code(), result.err());
    assertEquals("", result.err());
    String help = result.out();
    Map<String, String> options = options(help);
    assertTrue(options.containsKey("--help"), command + ": --help not listed in\n" + help);
    if (command.example().isEmpty()) {
      assertEquals(Set.of("--debug", "--help"), options.keySet(), help);
      return;
    }
    assertTrue(options.size() > 1, command + ": no options found in\n" + help);
    for (Map.Entry<String, String> option : options.entrySet()) {
      if (option.getKey().equals("--help")) {
        continue;
      }
      String text = option.getValue().toLowerCase(java.util.Locale.ROOT);
      assertTrue(
          text.contains("default") || text.contains("required"),
          command
              + " "
              + option.getKey()
              + ": says neither its default nor that it is required: "
              + option.getValue());
    }
    assertTrue(help.contains("Example"), command + ": no example in\n" + help);
    assertTrue(
        help.contains(command.example()) || help.contains("| ./run.sh " + command.name()),
        command + ": no example starting " + command.example() + " in\n" + help);
  }

  /** The arguments a command needs before the option under test, so only that option is wrong. */
  private static List<String> required(Command command, Path dir) throws IOException {
    Path dump = Files.writeString(dir.resolve("listings.ndjson"), "");
    return switch (command.name()) {
      case "index" ->
          List.of("--data-dir", dir.toString(), "--vendor", "v", "--listings", dump.toString());
      case "pull" ->
          List.of(
              "--data-dir",
              dir.toString(),
              "--vendor",
              "v",
              "--url",
              "http://127.0.0.1:9/odata",
              "--bearer-token-file",
              dump.toString());
      case "serve" -> List.of("--data-dir", dir.toString());
      case "generate" -> List.of("--out", dir.resolve("feed").toString(), "--listings", "10");
      case "publish" ->
          List.of("--data-dir", dir.toString(), "--vendor", "v", "--to", dir.toUri().toString());
      default -> List.of();
    };
  }

  @ParameterizedTest
  @MethodSource("commands")
  void anOptionWithoutItsValueIsNamedInTheError(Command command, @TempDir Path dir)
      throws IOException {
    String help = run(command, "--help").out();
    for (Map.Entry<String, String> option : options(help).entrySet()) {
      String name = option.getKey();
      if (!name.startsWith("--") || !takesValue(help, name)) {
        continue;
      }
      List<String> args = new ArrayList<>(required(command, dir));
      int at = args.indexOf(name);
      if (at >= 0) {
        args.subList(at, at + 2).clear();
      }
      args.add(name);
      Result result = run(command, args.toArray(String[]::new));
      assertEquals(1, result.code(), command + " " + args + ": " + result.err());
      assertTrue(result.err().contains(name), command + " " + args + ": " + result.err());
      assertFalse(result.err().contains("Exception"), result.err());
    }
  }

  private static boolean takesValue(String help, String option) {
    return Pattern.compile("(?m)^ {2,4}" + Pattern.quote(option) + " [A-Z]+\\b")
        .matcher(help)
        .find();
  }

  @Test
  void badValuesAndUnknownOptionsAreNamed(@TempDir Path dir) throws IOException {
    Command index = commands().filter(c -> c.name().equals("index")).findFirst().orElseThrow();
    Command serve = commands().filter(c -> c.name().equals("serve")).findFirst().orElseThrow();
    Command generate =
        commands().filter(c -> c.name().equals("generate")).findFirst().orElseThrow();
    Map<List<String>, String> cases = new LinkedHashMap<>();
    List<String> indexArgs = required(index, dir);
    List<String> serveArgs = required(serve, dir);
    cases.put(concat(indexArgs, "--format", "xml"), "--format");
    cases.put(concat(indexArgs, "--threads", "0"), "--threads");
    cases.put(concat(indexArgs, "--incremental", "--force"), "--force");
    cases.put(concat(indexArgs, "--colour"), "--colour");
    Path aFile = Files.writeString(dir.resolve("a-file"), "");
    cases.put(
        List.of("--data-dir", aFile.toString(), "--vendor", "v", "--listings", aFile.toString()),
        "--data-dir: '" + aFile + "' is a file");
    cases.put(concat(serveArgs, "--port", "http"), "--port");
    cases.put(concat(serveArgs, "--offset-window", "-1"), "--offset-window");
    cases.put(concat(serveArgs, "--admin-port", "8080"), "--admin-port");
    cases.put(concat(serveArgs, "--admin-host", "127.0.0.1"), "--admin-host");
    cases.put(concat(serveArgs, "--response-cache", "lots"), "--response-cache");
    cases.put(concat(serveArgs, "--alerts-allow-private"), "--alerts");
    cases.put(
        concat(serveArgs, "--alerts", "--max-searches-per-key", "0"), "--max-searches-per-key");
    cases.put(List.of("--data-dir", dir.resolve("nope").toString()), "--data-dir");
    cases.put(List.of(), "--data-dir");
    for (Map.Entry<List<String>, String> c : cases.entrySet()) {
      Command command = c.getKey().contains("--vendor") ? index : serve;
      Result result = run(command, c.getKey().toArray(String[]::new));
      assertEquals(1, result.code(), c.getKey() + ": " + result.err());
      assertTrue(result.err().contains(c.getValue()), c.getKey() + ": " + result.err());
    }
    Result listings = run(generate, "--out", dir.toString(), "--listings", "many");
    assertEquals(1, listings.code());
    assertTrue(listings.err().contains("--listings"), listings.err());
  }

  private static List<String> concat(List<String> head, String... tail) {
    List<String> all = new ArrayList<>(head);
    all.addAll(List.of(tail));
    return all;
  }

  @Test
  void runShListsItsCommandsAndTestHasAnExample() throws Exception {
    String usage = runSh("help");
    for (String command : List.of("test", "index", "pull", "serve", "keys hash", "generate")) {
      assertTrue(usage.contains("\n  " + command), "./run.sh help lacks " + command);
    }
    assertTrue(usage.contains("Example:\n  ./run.sh "), usage);
    String test = runSh("test", "--help");
    assertTrue(test.contains("default"), test);
    assertTrue(test.contains("Example:\n  ./run.sh test "), test);
  }

  private static String runSh(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", "run.sh"));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command)
            .directory(Path.of("..").toFile())
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, process.exitValue(), output);
    return output;
  }
}
