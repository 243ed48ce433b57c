package io.keybox.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command-line examples of the docs, read the way a shell would, so tests can run them: every
 * line of a fenced code block in README.md, docs/api.md and docs/operations.md (a leading {@code $
 * } prompt dropped, lines ending in {@code \} joined), cut into words with shell quoting.
 */
public final class DocExamples {
  /** The documents whose examples are checked, relative to the repository root. */
  public static final List<String> DOCUMENTS =
      List.of("README.md", "docs/api.md", "docs/operations.md");

  /** The repository root, seen from a module's working directory. */
  public static final Path ROOT = Path.of("..");

  private static final Pattern RUN_SH = Pattern.compile("(?:^|[\\s=;&|(])(\\S*run\\.sh)(?=\\s|$)");

  /**
   * One example command.
   *
   * @param document the file it is in
   * @param line its (first) line number
   * @param text the example as written
   * @param words the command's words, up to the first shell operator ({@code |}, {@code ;}, {@code
   *     &&}, a redirection) or comment
   * @param comment the text of a trailing {@code #} comment, or empty
   */
  public record Example(
      String document, int line, String text, List<String> words, String comment) {
    @Override
    public String toString() {
      return document + ":" + line + ": " + text;
    }
  }

  private DocExamples() {}

  /** The examples whose code-block line starts with {@code curl}. */
  public static List<Example> curl() {
    return examples(text -> text.startsWith("curl "), text -> text);
  }

  /**
   * The examples that call {@code run.sh} (anywhere on the line: after {@code cd ... &&}, a {@code
   * flock}, a cron schedule or {@code ExecStart=}), from {@code run.sh} on.
   */
  public static List<Example> runSh() {
    return examples(
        text -> RUN_SH.matcher(text).find(),
        text -> {
          Matcher m = RUN_SH.matcher(text);
          m.find();
          return text.substring(m.start(1));
        });
  }

  private static List<Example> examples(
      Predicate<String> selects, java.util.function.UnaryOperator<String> from) {
    List<Example> examples = new ArrayList<>();
    for (String document : DOCUMENTS) {
      List<String> lines;
      try {
        lines = Files.readAllLines(ROOT.resolve(document));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      boolean inBlock = false;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.startsWith("```")) {
          inBlock = !inBlock;
          continue;
        }
        if (!inBlock) {
          continue;
        }
        int first = i + 1;
        StringBuilder text = new StringBuilder(line.strip());
        while (text.toString().endsWith("\\") && i + 1 < lines.size()) {
          text.setLength(text.length() - 1);
          text.append(' ').append(lines.get(++i).strip());
        }
        String command = text.toString();
        if (command.startsWith("$ ")) {
          command = command.substring(2);
        }
        if (selects.test(command)) {
          String part = from.apply(command);
          Words words = words(part);
          examples.add(new Example(document, first, command, words.words(), words.comment()));
        }
      }
    }
    return examples;
  }

  private record Words(List<String> words, String comment) {}

  /** Shell words up to the first operator or comment; quotes group, nothing is expanded. */
  private static Words words(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\'' || c == '"') {
        int end = text.indexOf(c, i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("unterminated quote in: " + text);
        }
        word = word == null ? new StringBuilder() : word;
        word.append(text, i + 1, end);
        i = end + 1;
      } else if (c == '\\' && i + 1 < text.length()) {
        word = word == null ? new StringBuilder() : word;
        word.append(text.charAt(i + 1));
        i += 2;
      } else if (Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
        i++;
      } else if (word == null && c == '#') {
        return new Words(words, text.substring(i + 1).strip());
      } else if ("|;&<>".indexOf(c) >= 0 || (word == null && text.startsWith("2>", i))) {
        if (word != null) {
          words.add(word.toString());
        }
        int hash = text.indexOf(" #", i);
        return new Words(words, hash < 0 ? "" : text.substring(hash + 2).strip());
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
        i++;
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return new Words(words, "");
  }
}
