package io.keybox.app.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The option list of every command's {@code --help}: arguments first, then the options in the order
 * they are declared ({@code --help} last), one per line as {@code --name VALUE} and its
 * description, wrapped under the description's column. The description says the default ({@code
 * ${DEFAULT-VALUE}}) or that the option is required.
 *
 * <p>Keybox's own layout rather than picocli's: the option list has read like this since before
 * picocli (two spaces, {@code --name VALUE}, the description), and the tests that every option says
 * its default read it.
 */
final class HelpLayout {
  /** The width of a help text. */
  static final int WIDTH = 100;

  /** Room between the longest name and the descriptions. */
  private static final int GAP = 4;

  /** Names longer than this put their description on the next line. */
  private static final int MAX_LABEL = 30;

  private HelpLayout() {}

  /** Lays out the option lists of {@code line} and of its subcommands. */
  static void install(CommandLine line) {
    line.setUsageHelpWidth(WIDTH);
    // The arguments are listed with the options, under the options' heading.
    line.getHelpSectionMap()
        .put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, help -> "");
    line.getHelpSectionMap()
        .put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpLayout::render);
    line.getSubcommands().values().forEach(HelpLayout::install);
  }

  /** The options of {@code spec} in the order of its help: as declared, {@code --help} last. */
  static List<OptionSpec> options(CommandSpec spec) {
    return spec.options().stream()
        .filter(o -> !o.hidden())
        .sorted(Comparator.comparingInt(o -> o.order() == -1 ? 0 : o.order()))
        .toList();
  }

  private static String render(Help help) {
    CommandSpec spec = help.commandSpec();
    List<ArgSpec> args = new ArrayList<>();
    spec.positionalParameters().stream().filter(p -> !p.hidden()).forEach(args::add);
    args.addAll(options(spec));
    int width = Math.min(MAX_LABEL, args.stream().mapToInt(a -> label(a).length()).max().orElse(0));
    StringBuilder text = new StringBuilder();
    for (ArgSpec arg : args) {
      String label = label(arg);
      String description = String.join(" ", arg.description());
      String indent = " ".repeat(2 + width + GAP);
      text.append("  ").append(label);
      if (label.length() > width) {
        text.append('\n').append(indent);
      } else {
        text.append(" ".repeat(width - label.length() + GAP));
      }
      text.append(wrap(description, WIDTH - indent.length(), indent)).append('\n');
    }
    return text.toString();
  }

  /** {@code --name VALUE}, {@code --flag}, or an argument's name. */
  private static String label(ArgSpec arg) {
    if (arg instanceof OptionSpec option) {
      return option.arity().max() == 0
          ? option.longestName()
          : option.longestName() + " " + option.paramLabel();
    }
    return arg.paramLabel();
  }

  /** {@code text} in lines of at most {@code width}, the later ones after {@code indent}. */
  private static String wrap(String text, int width, String indent) {
    StringBuilder out = new StringBuilder();
    int lineLength = 0;
    for (String word : (Iterable<String>) Stream.of(text.split(" "))::iterator) {
      if (word.isEmpty()) {
        continue;
      }
      if (lineLength > 0 && lineLength + 1 + word.length() > width) {
        out.append('\n').append(indent);
        lineLength = 0;
      } else if (lineLength > 0) {
        out.append(' ');
        lineLength++;
      }
      out.append(word);
      lineLength += word.length();
    }
    return out.toString();
  }
}
