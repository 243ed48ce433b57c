package io.keybox.server.reso;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.keybox.schema.field.DoubleValueField;
import io.keybox.schema.field.FlagField;
import io.keybox.schema.field.GeoPointField;
import io.keybox.schema.field.KeywordField;
import io.keybox.schema.field.LongValueField;
import io.keybox.schema.field.SearchField;
import io.keybox.schema.reso.ResoField;
import io.keybox.schema.reso.ResoType;
import io.keybox.server.DocExamples;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The field table of docs/api.md ("RESO Web API") is the view's, row for row: each resource's key
 * and advertised fields with their Edm type and what {@code $filter} and {@code $orderby} take. The
 * table is generated from the code: on a difference, the message holds the table to paste.
 */
class ResoFieldTableTest {
  private static final String START = "<!-- reso-fields:start -->";
  private static final String END = "<!-- reso-fields:end -->";

  @Test
  void theGuidesTableIsTheViews() throws Exception {
    String guide = Files.readString(DocExamples.ROOT.resolve("docs/api.md"));
    String documented =
        guide.substring(guide.indexOf(START) + START.length(), guide.indexOf(END)).strip();
    String generated = String.join("\n", table());
    assertEquals(generated, documented, "paste between the markers:\n" + generated + "\n");
  }

  private static List<String> table() {
    List<String> rows = new ArrayList<>();
    rows.add("| resource | field | type | `$filter` | `$orderby` |");
    rows.add("|---|---|---|---|---|");
    for (ResoEntity entity : ResoEntity.ALL) {
      rows.add(
          "| "
              + entity.name()
              + " | `"
              + entity.keyName()
              + "` (key) | Edm.String | "
              + (entity.records().manyPerDocument() ? "" : "eq, ne, in")
              + " | yes |");
      for (ResoField field : entity.fields().values()) {
        rows.add(
            "| "
                + entity.name()
                + " | `"
                + field.reso()
                + "` | "
                + type(field)
                + " | "
                + filter(field)
                + " | "
                + (ResoEntity.sortable(field) ? "yes" : "")
                + " |");
      }
    }
    return rows;
  }

  private static String type(ResoField field) {
    String edm = "Edm." + ResoEdmProvider.edmType(field.type()).name();
    return switch (field.type()) {
      case LOOKUP -> edm + " (lookup)";
      case LOOKUP_MULTI -> "Collection(" + edm + ") (lookup)";
      default -> edm;
    };
  }

  private static String filter(ResoField field) {
    if (field.index().isEmpty()) {
      return "";
    }
    SearchField index = field.index().get();
    if (field.type() == ResoType.LOOKUP_MULTI) {
      return "any(x:...), all(x:...)";
    }
    return switch (index) {
      case LongValueField l when field.type() == ResoType.STRING -> "eq, ne, in";
      case LongValueField l -> "eq, ne, gt, ge, lt, le, in";
      case DoubleValueField d -> "eq, ne, gt, ge, lt, le, in";
      case KeywordField k -> "eq, ne, in, startswith, contains";
      case FlagField f -> "eq, ne";
      case GeoPointField g -> "geo.intersects";
      default -> "";
    };
  }
}
